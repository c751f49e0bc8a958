/**
 * Rate-limit suite (issue 14): every rate-limited route in Hono's route table (found by the tag
 * `rateLimit()` puts on its middleware) answers 429 with `Retry-After` and a JSON message once its
 * quota is used, and a caller rotating `X-Forwarded-For` does not get a fresh quota: behind one
 * trusted proxy only the entry that proxy appended counts, and with no proxy configured the
 * header is ignored. The guess limits on ticket and reservation numbers have their own suite
 * (server/tickets/plates-and-guessing.api.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulatorUser, emulatorTokenVerifier, type EmulatorUser } from './testing/emulator-users.ts';
import { apiRoutes, fillPath, type ApiRoute } from './testing/route-table.ts';
import { createTestApp, type TestApp } from './testing/test-app.ts';

let t: TestApp;
let noProxy: TestApp;
let driver: EmulatorUser;
let clientCounter = 0;

beforeAll(async () => {
  [t, noProxy] = await Promise.all([
    createTestApp({ verifyToken: emulatorTokenVerifier() }), // TRUST_PROXY=1
    createTestApp({ verifyToken: emulatorTokenVerifier(), env: { TRUST_PROXY: '0' } }),
  ]);
  driver = await createEmulatorUser();
});
afterAll(async () => Promise.all([t.close(), noProxy.close()]));

/** One real client (the address the trusted proxy appends) hiding behind a new spoofed entry on every call. */
function spoofingClient() {
  const realAddress = `198.51.100.${++clientCounter}`;
  let spoof = 0;
  return () => ({ 'X-Forwarded-For': `203.0.113.${++spoof % 250}, 10.9.${spoof % 250}.1, ${realAddress}` });
}

const PARAMS = { phone: '%2B12125550199', email: 'nobody%40example.com', provider: 'SpotHero', reservationNumber: '00000000' };
const call = (app: TestApp, route: ApiRoute, headers: Record<string, string>) =>
  app.request(fillPath(route, PARAMS), { method: route.method, token: driver.idToken, headers, ...(route.method === 'GET' ? {} : { json: { email: 'nobody@example.com' } }) });

async function expectTooMany(response: Response, message: string) {
  expect(response.status).toBe(429);
  expect(Number(response.headers.get('Retry-After'))).toBeGreaterThan(0);
  expect(await response.json()).toEqual({ message });
}

describe('every rate-limited route', () => {
  it('answers 429 with Retry-After after its quota, whatever the caller writes in X-Forwarded-For', { timeout: 300_000 }, async () => {
    const limited = apiRoutes(t.app).filter((route) => route.rateLimits.length > 0);
    expect(limited.length).toBeGreaterThanOrEqual(10);
    let sent = 0;
    for (const route of limited) {
      const rule = route.rateLimits[0];
      if (!rule) continue;
      const headers = spoofingClient();
      for (let i = 0; i < rule.limit; i += 1) {
        const response = await call(t, route, headers());
        expect(response.status, `${route.method} ${route.path} call ${i + 1}`).not.toBe(429);
      }
      await expectTooMany(await call(t, route, headers()), rule.message);
      sent += rule.limit + 1;
      // Buckets are shared by routes of one family: start the next route with a fresh client.
    }
    console.log(`[rate-limits] ${limited.length} limited routes, ${sent} requests`);
  });

  it('with no proxy configured ignores X-Forwarded-For altogether', async () => {
    const route = apiRoutes(noProxy.app).find((candidate) => candidate.path.endsWith('/does-email-exist/:email'));
    const rule = route?.rateLimits[0];
    if (!route || !rule) throw new Error('does-email-exist is not rate-limited');
    for (let i = 0; i < rule.limit; i += 1) await call(noProxy, route, { 'X-Forwarded-For': `192.0.2.${i % 250}` });
    await expectTooMany(await call(noProxy, route, { 'X-Forwarded-For': '192.0.2.251' }), rule.message);
  });
});
