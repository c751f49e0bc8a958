/** Every branch of spec 2 §4 "Phone / email sign-in", steps 2–6. */
import { describe, expect, it } from 'vitest';
import { nextAfterEmailLookup, nextAfterPhoneLookup, profileChangesAfterCode } from './sign-in-steps';

const knownPhoneWithEmail = { displayName: 'Ann Lee', hasEmail: true };
const knownPhoneNoEmail = { displayName: 'Ann Lee', hasEmail: false };
const emailWithPhone = { displayName: 'Bo', hasPhoneNumber: true };
const emailNoPhone = { displayName: 'Bo', hasPhoneNumber: false };

describe('after the phone lookup', () => {
  it('step 2: known phone with name and email sends the code', () => {
    expect(nextAfterPhoneLookup(knownPhoneWithEmail)).toEqual({ step: 'code', isDuplicate: false });
  });
  it('step 3: known phone without email asks for the email', () => {
    expect(nextAfterPhoneLookup(knownPhoneNoEmail)).toEqual({ step: 'email' });
  });
  it('step 4: unknown phone asks for the email (then names)', () => {
    expect(nextAfterPhoneLookup(undefined)).toEqual({ step: 'email' });
  });
  it('a known phone with email but no name asks for names', () => {
    expect(nextAfterPhoneLookup({ displayName: null, hasEmail: true })).toEqual({ step: 'names' });
  });
});

describe('after the email lookup (step 5)', () => {
  it('unknown email and unknown phone: new account, names then code', () => {
    expect(nextAfterEmailLookup(undefined, undefined)).toEqual({ step: 'names' });
  });
  it('unknown email and known phone: send the code', () => {
    expect(nextAfterEmailLookup(knownPhoneNoEmail, undefined)).toEqual({ step: 'code', isDuplicate: false });
  });
  it('known email with a phone and a new phone: associated with another phone', () => {
    expect(nextAfterEmailLookup(undefined, emailWithPhone)).toMatchObject({ step: 'error', canContactUs: true, message: expect.stringContaining('associated with another phone number') });
  });
  it('known email without a phone and a new phone: password of the existing account', () => {
    expect(nextAfterEmailLookup(undefined, emailNoPhone)).toEqual({ step: 'password' });
  });
  it('known phone without email and known email: duplicate account', () => {
    expect(nextAfterEmailLookup(knownPhoneNoEmail, emailNoPhone)).toEqual({ step: 'code', isDuplicate: true });
  });
});

describe('what the code step saves (step 6)', () => {
  it('saves the email and name of a new account', () => {
    expect(profileChangesAfterCode({ phone: undefined, email: undefined, enteredEmail: 'a@b.co', enteredName: 'Ann Lee' })).toEqual({ email: 'a@b.co', displayName: 'Ann Lee' });
  });
  it('saves nothing the account already has, and never another account’s email', () => {
    expect(profileChangesAfterCode({ phone: knownPhoneWithEmail, email: undefined, enteredEmail: undefined, enteredName: undefined })).toEqual({});
    expect(profileChangesAfterCode({ phone: knownPhoneNoEmail, email: emailNoPhone, enteredEmail: 'x@y.co', enteredName: undefined })).toEqual({});
  });
});
