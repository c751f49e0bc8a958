/**
 * Production without Stripe keys: the built-in test processor is refused (it must never take real
 * cards). The server still starts; every payment call answers 503 and nothing is charged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { parseConfig } from '../config.ts';
import { setLogDestination } from '../lib/logger.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { createEmulatorUser, emulatorTokenVerifier } from '../testing/emulator-users.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('payments in production without Stripe', () => {
  it('refuses the test processor: 503 on every payment call, tokenisation gone', async () => {
    const written: string[] = [];
    const restoreLog = setLogDestination({ write: (line: string) => void written.push(line) });
    const config = parseConfig({ NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' });
    const app = createApp({ db: t.db, config, verifyToken: emulatorTokenVerifier(), now: () => t.clock.now });
    restoreLog();
    expect(written.join('')).toMatch(/must never take real cards/);
    const user = await createEmulatorUser();
    const card = { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123', name: 'A', zip: '10001' };
    const tokenise = await app.request('/payments/api/test-processor/payment-methods', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(card) });
    expect(tokenise.status).toBe(503);
    const charge = await app.request('/payments/api/payments/initialize', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${user.idToken}` },
      body: JSON.stringify({ systemEntityId: 'ticket:1234567' }),
    });
    expect(charge.status).toBe(503);
    expect((await app.request('/payments/api/provider')).status).toBe(503);
  });
});
