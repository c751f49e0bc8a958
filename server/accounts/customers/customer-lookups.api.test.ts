/**
 * The calls made before sign-in, against the Auth emulator: phone and email lookups (including
 * accounts that exist only at the identity provider), their per-IP limits shared through the
 * database by two app instances, and the emails (verification, password reset, duplicate
 * account) read back from the outbox and followed.
 */
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessageSchema } from '../../../src/contract/accounts.ts';
import { createApp } from '../../app.ts';
import { parseConfig } from '../../config.ts';
import { TOO_MANY_REQUESTS_MESSAGE } from '../../lib/rate-limit.ts';
import { createEmulatorUser, emulatorTokenVerifier } from '../../testing/emulator-users.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createPhoneUser, randomPhoneNumber, resetPasswordWithCode, signInWithPassword } from './emulator-phone-users.ts';

const BASE = '/accounts/api/customers';
let t: TestApp;
let ipCounter = 0;
/** Each test its own client IP, so the limits of one test do not spill into the next. */
const freshIp = () => ({ 'X-Forwarded-For': `203.0.113.${++ipCounter}` });

beforeAll(async () => {
  t = await createTestApp({ verifyToken: emulatorTokenVerifier() });
  t.clock.now = new Date();
});
afterAll(() => t.close());

async function outbox(to: string, kind: string) {
  const response = await t.request(`/dev/api/outbox?to=${encodeURIComponent(to)}&kind=${kind}`);
  expect(response.status).toBe(200);
  return v.parse(v.array(outboxMessageSchema), await response.json());
}

describe('is-phone-registered', () => {
  it('answers 404 for an unknown phone', async () => {
    const response = await t.request(`${BASE}/is-phone-registered/${encodeURIComponent(randomPhoneNumber())}`, { headers: freshIp() });
    expect(response.status).toBe(404);
  });

  it('finds a phone that exists only at the identity provider, then its name and email once saved', async () => {
    const user = await createPhoneUser();
    const path = `${BASE}/is-phone-registered/${encodeURIComponent(user.phoneNumber)}`;
    const headers = freshIp();
    expect(await (await t.request(path, { headers })).json()).toEqual({ displayName: null, hasEmail: false });
    await t.request(`${BASE}/update-displayname`, { method: 'POST', json: { displayName: 'Pat Phone' }, token: user.idToken });
    const email = `pat-${user.uid.slice(0, 6).toLowerCase()}@example.com`;
    expect((await t.request(`${BASE}/update-email-v2`, { method: 'POST', json: { email }, token: user.idToken })).status).toBe(200);
    expect(await (await t.request(path, { headers })).json()).toEqual({ displayName: 'Pat Phone', hasEmail: true });
  });

  it('accepts a US number written without +1 and refuses a malformed one with 400', async () => {
    const user = await createPhoneUser();
    const national = user.phoneNumber.slice(2); // 10 digits
    expect((await t.request(`${BASE}/is-phone-registered/${national}`, { headers: freshIp() })).status).toBe(200);
    expect((await t.request(`${BASE}/is-phone-registered/12345`, { headers: freshIp() })).status).toBe(400);
  });
});

describe('does-email-exist', () => {
  it('answers 404 for an unknown email, 400 for a malformed one', async () => {
    expect((await t.request(`${BASE}/does-email-exist/nobody-${Date.now()}@example.com`, { headers: freshIp() })).status).toBe(404);
    const bad = await t.request(`${BASE}/does-email-exist/not-an-email`, { headers: freshIp() });
    expect(bad.status).toBe(400);
  });

  it('tells whether the account of an email has a phone', async () => {
    const emailUser = await createEmulatorUser({ displayName: 'Eve Email' });
    const response = await t.request(`${BASE}/does-email-exist/${encodeURIComponent(emailUser.email.toUpperCase())}`, { headers: freshIp() });
    expect(await response.json()).toEqual({ displayName: 'Eve Email', hasPhoneNumber: false });
  });
});

describe('rate limits', () => {
  it('answers 429 with the spec text after 60 lookups from one IP in 10 minutes, shared by two server processes', async () => {
    // A second app on the same database stands for a second API process: the counter is a row.
    const config = parseConfig({ NODE_ENV: 'test', TRUST_PROXY: '1', FIREBASE_AUTH_EMULATOR_HOST: process.env['FIREBASE_AUTH_EMULATOR_HOST'] ?? '127.0.0.1:9099' });
    const second = createApp({ db: t.db, config, verifyToken: emulatorTokenVerifier(), now: () => t.clock.now });
    const headers = freshIp();
    const path = `${BASE}/does-email-exist/nobody@example.com`;
    for (let i = 0; i < 60; i += 1) {
      const response = await (i % 2 === 0 ? t.request(path, { headers }) : second.request(path, { headers }));
      expect(response.status).toBe(404);
    }
    const refused = await second.request(path, { headers });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ message: TOO_MANY_REQUESTS_MESSAGE });
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await t.request(`${BASE}/is-phone-registered/${encodeURIComponent(randomPhoneNumber())}`, { headers })).status).toBe(429);
    // Another client is not affected, and the window ends.
    expect((await t.request(path, { headers: freshIp() })).status).toBe(404);
    t.clock.now = new Date(t.clock.now.getTime() + 10 * 60_000);
    expect((await t.request(path, { headers })).status).toBe(404);
  });
});

describe('email verification', () => {
  it('sends a single-use link to /user-mgmt that verifies the email', async () => {
    const user = await createEmulatorUser();
    const sent = await t.request(`${BASE}/verify-email-v2`, { method: 'POST', json: { email: user.email }, token: user.idToken, headers: freshIp() });
    expect(sent.status).toBe(200);
    const [mail] = await outbox(user.email, 'verify-email');
    const link = new URL(mail?.links[0] ?? '');
    expect(link.pathname).toBe('/user-mgmt');
    expect(link.searchParams.get('mode')).toBe('verifyEmail');
    const verificationToken = link.searchParams.get('oobCode');
    expect(await (await t.request(`${BASE}/is-email-verified`, { token: user.idToken })).text()).toBe('false');
    const validated = await t.request(`${BASE}/validate-verification-token`, { method: 'POST', json: { verificationToken }, headers: freshIp() });
    expect(validated.status).toBe(200);
    expect(await (await t.request(`${BASE}/is-email-verified`, { token: user.idToken })).text()).toBe('true');
    const reused = await t.request(`${BASE}/validate-verification-token`, { method: 'POST', json: { verificationToken }, headers: freshIp() });
    expect(reused.status).toBe(400);
    expect(await reused.json()).toEqual({ message: 'There was a problem processing your request. This link has already been used or expired.' });
  });

  it('refuses an expired link', async () => {
    const user = await createEmulatorUser();
    await t.request(`${BASE}/verify-email-v2`, { method: 'POST', json: { email: user.email }, token: user.idToken, headers: freshIp() });
    const [mail] = await outbox(user.email, 'verify-email');
    const verificationToken = new URL(mail?.links[0] ?? '').searchParams.get('oobCode');
    const sentAt = t.clock.now;
    t.clock.now = new Date(sentAt.getTime() + 25 * 3600_000);
    try {
      const response = await t.request(`${BASE}/validate-verification-token`, { method: 'POST', json: { verificationToken }, headers: freshIp() });
      expect(response.status).toBe(400);
    } finally {
      t.clock.now = sentAt;
    }
  });
});

describe('password reset and recovery', () => {
  it('mails a /user-mgmt resetPassword link whose code sets a new password at the identity provider', async () => {
    const user = await createEmulatorUser();
    // The caller's Host header never chooses where the link (and its code) goes.
    const response = await t.request(`http://attacker.example${BASE}/send-password-reset-email`, { method: 'POST', json: { email: user.email }, headers: { ...freshIp(), Host: 'attacker.example' } });
    expect(response.status).toBe(200);
    const [mail] = await outbox(user.email, 'password-reset');
    const link = new URL(mail?.links[0] ?? '');
    expect(link.origin).toBe('http://127.0.0.1:8080');
    expect(link.pathname).toBe('/user-mgmt');
    expect(link.searchParams.get('mode')).toBe('resetPassword');
    await resetPasswordWithCode(link.searchParams.get('oobCode') ?? '', 'brand-new-secret');
    await expect(signInWithPassword(user.email, 'brand-new-secret')).resolves.toHaveProperty('idToken');
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const email = `ghost-${Date.now()}@example.com`;
    const response = await t.request(`${BASE}/send-password-reset-email`, { method: 'POST', json: { email }, headers: freshIp() });
    expect(response.status).toBe(200);
    expect(await outbox(email, 'password-reset')).toEqual([]);
  });

  it('tells an account with a phone to sign in with the phone (forgot password and recover email)', async () => {
    const user = await createPhoneUser();
    const email = `phone-owner-${user.uid.slice(0, 6).toLowerCase()}@example.com`;
    expect((await t.request(`${BASE}/update-email-v2`, { method: 'POST', json: { email }, token: user.idToken })).status).toBe(200);
    for (const path of ['/send-password-reset-email', '/recover-email']) {
      const response = await t.request(`${BASE}${path}`, { method: 'POST', json: { email }, headers: freshIp() });
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({ message: 'This email has a phone number, please sign in with that phone number.' });
    }
  });

  it('recover-email sends a reset link to a legacy email account', async () => {
    const user = await createEmulatorUser();
    const response = await t.request(`${BASE}/recover-email`, { method: 'POST', json: { email: user.email }, headers: freshIp() });
    expect(response.status).toBe(200);
    expect(await outbox(user.email, 'password-reset')).toHaveLength(1);
  });
});

describe('duplicate accounts and customer service', () => {
  it('mails the duplicate-account confirmation when the phone account has no email and the email is another account', async () => {
    const [phoneUser, emailUser] = await Promise.all([createPhoneUser(), createEmulatorUser()]);
    const response = await t.request(`${BASE}/send-duplicate-account-email`, {
      method: 'POST',
      json: { email: emailUser.email, phoneNumber: phoneUser.phoneNumber },
      headers: freshIp(),
    });
    expect(response.status).toBe(200);
    const [mail] = await outbox(emailUser.email, 'duplicate-account');
    expect(mail?.text).toContain(phoneUser.phoneNumber);
    const rows = await t.db.query<{ kind: string }>('select kind from customer_service_requests where email = $1', [emailUser.email]);
    expect(rows).toEqual([{ kind: 'duplicate-account' }]);
  });

  it('refuses (400) when there is no duplicate, so the call cannot mail any address', async () => {
    const emailUser = await createEmulatorUser();
    const response = await t.request(`${BASE}/send-duplicate-account-email`, {
      method: 'POST',
      json: { email: emailUser.email, phoneNumber: randomPhoneNumber() },
      headers: freshIp(),
    });
    expect(response.status).toBe(400);
    expect(await outbox(emailUser.email, 'duplicate-account')).toEqual([]);
  });

  it('records a contact-csc request and mails customer service; bad bodies get 400', async () => {
    const email = `help-${Date.now()}@example.com`;
    const response = await t.request(`${BASE}/contact-csc`, { method: 'POST', json: { email, phoneNumber: '+12125550123' }, headers: freshIp() });
    expect(response.status).toBe(200);
    expect((await outbox('customerservice@parkfair.example', 'contact-csc')).some((mail) => mail.text.includes(email))).toBe(true);
    const bad = await t.request(`${BASE}/contact-csc`, { method: 'POST', json: { email }, headers: freshIp() });
    expect(bad.status).toBe(400);
  });
});

describe('development outbox endpoint', () => {
  it('is not there in production', async () => {
    const config = parseConfig({ NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' });
    const production = createApp({ db: t.db, config, verifyToken: emulatorTokenVerifier(), now: () => t.clock.now });
    expect((await production.request('/dev/api/outbox')).status).toBe(404);
  });
});
