/**
 * The token-guessing limits (token-guessing.ts) through the real app: counted in the database, so
 * two API processes share them; a window's end lifts them; an unreachable emulator counts against
 * nobody; and a real Firebase project (signed tokens, nothing to guess) is not counted at all.
 * The attacks themselves, on every route, are in server/app-access.api.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { parseConfig } from '../config.ts';
import { createEmulatorUser, emulatorTokenVerifier, type EmulatorUser } from '../testing/emulator-users.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import type { TokenVerifier } from './auth.ts';
import { TOO_MANY_REQUESTS_MESSAGE } from './rate-limit.ts';
import { TOKEN_FAILURES_PER_CLIENT } from './token-guessing.ts';

const DETAILS = '/accounts/api/customers/get-customer-details';
let t: TestApp;
let driver: EmulatorUser;
let addresses = 0;
const freshAddress = () => ({ 'X-Forwarded-For': `198.18.200.${(addresses += 1)}` });

beforeAll(async () => {
  t = await createTestApp({ verifyToken: emulatorTokenVerifier() });
  driver = await createEmulatorUser();
}, 60_000);
afterAll(async () => t.close());

describe('failed token checks per address', () => {
  it('are counted across two API processes on one database, refused past the limit, and forgotten when the window ends', { timeout: 120_000 }, async () => {
    const config = parseConfig({ NODE_ENV: 'test', TRUST_PROXY: '1', FIREBASE_AUTH_EMULATOR_HOST: process.env['FIREBASE_AUTH_EMULATOR_HOST'] ?? '127.0.0.1:9099' });
    const second = createApp({ db: t.db, config, verifyToken: emulatorTokenVerifier(), now: () => t.clock.now });
    const headers = freshAddress();
    for (let i = 0; i < TOKEN_FAILURES_PER_CLIENT.limit; i += 1) {
      const init = { headers: { ...headers, Authorization: 'Bearer not.a.token' } };
      expect((await (i % 2 === 0 ? t.app.request(DETAILS, init) : second.request(DETAILS, init))).status).toBe(401);
    }
    const refused = await second.request(DETAILS, { headers: { ...headers, Authorization: `Bearer ${driver.idToken}` } });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ message: TOO_MANY_REQUESTS_MESSAGE });
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await t.request(DETAILS, { token: driver.idToken, headers: freshAddress() })).status).toBe(200);
    t.clock.now = new Date(t.clock.now.getTime() + TOKEN_FAILURES_PER_CLIENT.windowSeconds * 1000);
    expect((await t.request(DETAILS, { token: driver.idToken, headers })).status).toBe(200);
  });
});

describe('what is not a guess', () => {
  it('an emulator that cannot be reached counts against nobody', { timeout: 120_000 }, async () => {
    // The identity provider down, as firebase-admin reports it (see isUpstreamUnreachable).
    const unreachable: TokenVerifier = () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9099'), { code: 'ECONNREFUSED' }));
    const down = await createTestApp({ verifyToken: unreachable });
    try {
      const headers = freshAddress();
      for (let i = 0; i < TOKEN_FAILURES_PER_CLIENT.limit * 2; i += 1) expect((await down.request(DETAILS, { token: driver.idToken, headers })).status).not.toBe(429);
      const [row] = await down.db.query<{ n: number }>(`select coalesce(sum(hits), 0)::int as n from rate_limit_counters where bucket like 'token-failures-%'`);
      expect(row?.n).toBe(0);
    } finally {
      await down.close();
    }
  });

  it('with a real Firebase project (signed tokens) failures are not counted', { timeout: 120_000 }, async () => {
    const refuseAll: TokenVerifier = () => Promise.reject(new Error('bad signature'));
    const production = await createTestApp({ verifyToken: refuseAll, env: { FIREBASE_AUTH_EMULATOR_HOST: '' } });
    try {
      const headers = freshAddress();
      for (let i = 0; i < TOKEN_FAILURES_PER_CLIENT.limit * 2; i += 1) expect((await production.request(DETAILS, { token: 'not.a.token', headers })).status).toBe(401);
      const [row] = await production.db.query<{ n: number }>(`select count(*)::int as n from rate_limit_counters where bucket like 'token-failures-%'`);
      expect(row?.n).toBe(0);
    } finally {
      await production.close();
    }
  });
});
