import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { displayNameSchema } from '../../contract/accounts';
import { AUTH_MESSAGES } from './auth-messages';
import { asFormError, checkEmail, checkNames, checkNewPassword, checkPhone } from './auth-validation';

describe('checkPhone', () => {
  it('requires a phone and checks it for the chosen country', () => {
    expect(checkPhone('  ', 'US')).toEqual({ error: 'Mobile Phone Number field is required' });
    expect(checkPhone('555-12', 'US')).toEqual({ error: 'Please enter a valid phone number.' });
    expect(checkPhone('(212) 555-0123', 'US')).toEqual({ phoneNumber: '+12125550123' });
    expect(checkPhone('07911 123456', 'GB')).toEqual({ phoneNumber: '+447911123456' });
    expect(checkPhone('+447911123456', 'US')).toEqual({ phoneNumber: '+447911123456' });
  });
});

describe('other fields', () => {
  it('checks email format with the spec text', () => {
    expect(checkEmail('a@b')).toBe(AUTH_MESSAGES.emailInvalid);
    expect(checkEmail(' Driver@Example.com ')).toBeUndefined();
    expect(checkEmail('', AUTH_MESSAGES.emailRequired)).toBe('Email field is required');
  });

  it('checks new passwords and names', () => {
    expect(checkNewPassword('', '')).toBe('Password field is required');
    expect(checkNewPassword('12345', '12345')).toBe('The password must be 6 characters long or more.');
    expect(checkNewPassword('123456', '123457')).toBe('The password confirmation does not match');
    expect(checkNewPassword('123456', '123456')).toBeUndefined();
    expect(checkNames(' ', '')).toEqual({ first: 'First Name field is required', last: 'Last Name field is required' });
    expect(checkNames('Ann', 'Lee')).toEqual({});
  });

  it('holds "First Last" to the server\'s display-name limit before the code is sent (issue 38 item 11)', () => {
    const tooLong = 'First and last name together must be at most 200 characters';
    expect(checkNames('A'.repeat(500), 'Lee')).toEqual({ first: tooLong });
    expect(checkNames('Ann', 'L'.repeat(197))).toEqual({ last: tooLong });
    expect(checkNames('Ann', 'L'.repeat(196))).toEqual({});
    expect(v.safeParse(displayNameSchema, `Ann ${'L'.repeat(196)}`).success).toBe(true);
    expect(v.safeParse(displayNameSchema, `Ann ${'L'.repeat(197)}`).success).toBe(false);
  });

  it('prefixes form errors once', () => {
    expect(asFormError('Password field is required')).toBe('Error: Password field is required');
    expect(asFormError('Error: This may be a duplicate account...')).toBe('Error: This may be a duplicate account...');
  });
});
