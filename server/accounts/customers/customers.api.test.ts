/**
 * Signed-in customers calls against the Auth emulator: 401 without a valid token, 400 for bad
 * bodies, and that customer A's token can neither read nor change customer B.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerDetailsSchema } from '../../../src/contract/accounts.ts';
import * as v from 'valibot';
import { createEmulatorUser, emulatorTokenVerifier, type EmulatorUser, forgeToken } from '../../testing/emulator-users.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createPhoneUser, type PhoneUser } from './emulator-phone-users.ts';

const BASE = '/accounts/api/customers';
let t: TestApp;
let alice: EmulatorUser;
let bob: EmulatorUser;
let phoneUser: PhoneUser;

beforeAll(async () => {
  t = await createTestApp({ verifyToken: emulatorTokenVerifier() });
  t.clock.now = new Date(); // tokens are minted now by the emulator
  [alice, bob, phoneUser] = await Promise.all([createEmulatorUser({ displayName: 'Alice A' }), createEmulatorUser(), createPhoneUser()]);
});
afterAll(() => t.close());

async function details(token: string) {
  const response = await t.request(`${BASE}/get-customer-details`, { token });
  expect(response.status).toBe(200);
  return v.parse(customerDetailsSchema, await response.json());
}

describe('authentication', () => {
  const signedInCalls: [string, string, unknown][] = [
    ['GET', '', undefined],
    ['GET', '/get-customer-details', undefined],
    ['GET', '/is-email-verified', undefined],
    ['POST', '/update-displayname', { displayName: 'Mallory' }],
    ['POST', '/update-phonenumber', { phoneNumber: '+12125550123' }],
    ['POST', '/update-email-v2', { email: 'mallory@example.com' }],
    ['POST', '/verify-email-v2', { email: 'mallory@example.com' }],
    ['POST', '/update-marketing-prefs', { acceptMarketingEmail: true, acceptMarketingText: true }],
  ];

  it.each(signedInCalls)('%s %s answers 401 without a token', async (method, path, json) => {
    const response = await t.request(`${BASE}${path}`, { method, json });
    expect(response.status).toBe(401);
  });

  it.each(signedInCalls)('%s %s answers 401 with a forged token', async (method, path, json) => {
    const response = await t.request(`${BASE}${path}`, { method, json, token: forgeToken(alice) });
    expect(response.status).toBe(401);
  });

  it('answers 401 for a token of a user the emulator does not know', async () => {
    const response = await t.request(`${BASE}/get-customer-details`, { token: 'not-a-jwt' });
    expect(response.status).toBe(401);
  });
});

describe('customer details', () => {
  it('creates the customer on the first call from the token and keeps the same customer id', async () => {
    const first = await details(alice.idToken);
    expect(first).toMatchObject({ email: alice.email, displayName: 'Alice A', phone: null, isEmailVerified: false, acceptMarketingEmail: false });
    const again = await t.request(BASE, { token: alice.idToken });
    expect(v.parse(customerDetailsSchema, await again.json()).customerId).toBe(first.customerId);
  });

  it('records the phone of a phone sign-in', async () => {
    const customer = await details(phoneUser.idToken);
    expect(customer).toMatchObject({ phone: phoneUser.phoneNumber, email: null });
  });

  it('says "false" then keeps the plain-text form for is-email-verified', async () => {
    const response = await t.request(`${BASE}/is-email-verified`, { token: bob.idToken });
    expect(response.headers.get('content-type')).toContain('text/plain');
    expect(await response.text()).toBe('false');
  });
});

describe('customer A cannot read or change customer B', () => {
  it('changes only the caller when A updates the display name and marketing preferences', async () => {
    const bobBefore = await details(bob.idToken);
    const renamed = await t.request(`${BASE}/update-displayname`, { method: 'POST', json: { displayName: 'Alice Renamed' }, token: alice.idToken });
    expect(renamed.status).toBe(200);
    const prefs = await t.request(`${BASE}/update-marketing-prefs`, { method: 'POST', json: { acceptMarketingEmail: true, acceptMarketingText: true }, token: alice.idToken });
    expect(await prefs.json()).toMatchObject({ acceptMarketingEmail: true, acceptMarketingText: true, displayName: 'Alice Renamed' });
    expect(await details(bob.idToken)).toEqual(bobBefore);
  });

  it('ignores a customer id in the body: there is no way to name another customer', async () => {
    const bobBefore = await details(bob.idToken);
    const response = await t.request(`${BASE}/update-displayname`, {
      method: 'POST',
      json: { displayName: 'Alice Again', customerId: bobBefore.customerId, uid: bob.uid },
      token: alice.idToken,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ displayName: 'Alice Again' });
    expect(await details(bob.idToken)).toEqual(bobBefore);
  });

  it("refuses to record B's phone on A's account (409)", async () => {
    const response = await t.request(`${BASE}/update-phonenumber`, { method: 'POST', json: { phoneNumber: phoneUser.phoneNumber }, token: alice.idToken });
    expect(response.status).toBe(409);
    expect((await details(phoneUser.idToken)).phone).toBe(phoneUser.phoneNumber);
  });

  it("refuses to move B's email onto A's account (409, duplicate account)", async () => {
    const response = await t.request(`${BASE}/update-email-v2`, { method: 'POST', json: { email: bob.email }, token: alice.idToken });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ message: 'Error: This may be a duplicate account...' });
  });

  it("refuses to send a verification email for B's address from A's account (400)", async () => {
    const response = await t.request(`${BASE}/verify-email-v2`, { method: 'POST', json: { email: bob.email }, token: alice.idToken });
    expect(response.status).toBe(400);
  });
});

describe('bad input answers 400', () => {
  const badBodies: [string, unknown][] = [
    ['/update-displayname', {}],
    ['/update-displayname', { displayName: '   ' }],
    ['/update-displayname', { displayName: 'x'.repeat(201) }],
    ['/update-phonenumber', { phoneNumber: '212-555' }],
    ['/update-email-v2', { email: 'not an email' }],
    ['/verify-email-v2', { email: 42 }],
    ['/update-marketing-prefs', { acceptMarketingEmail: 'yes', acceptMarketingText: true }],
    ['/update-marketing-prefs', { acceptMarketingEmail: true }],
  ];
  it.each(badBodies)('POST %s %j', async (path, json) => {
    const response = await t.request(`${BASE}${path}`, { method: 'POST', json, token: alice.idToken });
    expect(response.status).toBe(400);
    expect(await response.json()).toHaveProperty('message');
  });

  it('answers 400 for a body that is not JSON', async () => {
    const response = await t.request(`${BASE}/update-displayname`, {
      method: 'POST',
      body: '{"displayName":',
      headers: { 'Content-Type': 'application/json' },
      token: alice.idToken,
    });
    expect(response.status).toBe(400);
  });
});

describe('phone and email changes', () => {
  it('records a phone only when the identity provider has verified it for the caller', async () => {
    const ok = await t.request(`${BASE}/update-phonenumber`, { method: 'POST', json: { phoneNumber: phoneUser.phoneNumber }, token: phoneUser.idToken });
    expect(ok.status).toBe(200);
    const notVerified = await t.request(`${BASE}/update-phonenumber`, { method: 'POST', json: { phoneNumber: '+12125550123' }, token: bob.idToken });
    expect(notVerified.status).toBe(409);
  });

  it('adds a first email to a phone account, unverified, without a fresh sign-in', async () => {
    const email = `phone-${phoneUser.uid.slice(0, 8).toLowerCase()}@example.com`;
    t.clock.now = new Date(Date.now() + 60 * 60_000);
    try {
      const response = await t.request(`${BASE}/update-email-v2`, { method: 'POST', json: { email: email.toUpperCase() }, token: phoneUser.idToken });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ email, isEmailVerified: false });
    } finally {
      t.clock.now = new Date();
    }
    // The token still works: the email was not changed at the identity provider (no revocation).
    expect((await details(phoneUser.idToken)).email).toBe(email);
  });

  it('asks for a recent sign-in before replacing an email (403 auth/requires-recent-login)', async () => {
    const carol = await createEmulatorUser();
    t.clock.now = new Date(Date.now() + 16 * 60_000);
    try {
      const response = await t.request(`${BASE}/update-email-v2`, { method: 'POST', json: { email: `new-${carol.email}` }, token: carol.idToken });
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ code: 'auth/requires-recent-login' });
    } finally {
      t.clock.now = new Date();
    }
    const fresh = await t.request(`${BASE}/update-email-v2`, { method: 'POST', json: { email: `new-${carol.email}` }, token: carol.idToken });
    expect(fresh.status).toBe(200);
    expect(await fresh.json()).toMatchObject({ email: `new-${carol.email}`, isEmailVerified: false });
  });

  it("refuses an email another customer holds (409)", async () => {
    const dave = await createEmulatorUser();
    const taken = `phone-${phoneUser.uid.slice(0, 8).toLowerCase()}@example.com`;
    const response = await t.request(`${BASE}/update-email-v2`, { method: 'POST', json: { email: taken }, token: dave.idToken });
    expect(response.status).toBe(409);
  });
});
