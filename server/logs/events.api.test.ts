/**
 * POST /logs/api/events (decision 0115): page views and purchase events are stored; anything
 * else — an unknown field (a plate, an email), a query string or a long number in the path, too
 * many events — is a 400 with the reason and stores nothing; a flood from one address is a 429.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AnalyticsBatch } from '../../src/contract/analytics.ts';
import { TEST_NOW } from '../testing/test-clock.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { ANALYTICS_LIMIT } from './events.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });
beforeEach(() => { t.clock.now = new Date(TEST_NOW); });

let client = 0;
/** Each test its own client address, so the rate limit of one does not spill into another. */
const post = (body: unknown, address = `203.0.113.${(client += 1)}`) =>
  t.request('/logs/api/events', { method: 'POST', json: body, headers: { 'X-Forwarded-For': address } });

const batch = (sessionId: string): AnalyticsBatch => ({
  sessionId,
  clientVersion: '3.1.340',
  events: [
    { type: 'page_view', path: '/locations/123-w-44th-st-new-york', at: '2026-11-23T18:59:58.000Z' },
    { type: 'purchase', paymentId: 42, amount: 42.74, currency: 'USD', method: 'browser-pay', at: '2026-11-23T19:00:03.000Z' },
  ],
});

const countOf = async (sessionId: string) =>
  (await t.db.query<{ n: number }>('select count(*)::int as n from analytics_events where session_id = $1', [sessionId]))[0]?.n;

describe('POST /logs/api/events', () => {
  it('stores a batch of a page view and a purchase, and answers 202 with the count', async () => {
    const response = await post(batch('tab-aaaaaaaa'));
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ accepted: 2 });
    const rows = await t.db.query<Record<string, unknown>>(
      `select event_type, path, payment_id, amount::text as amount, currency, method, client_version, occurred_at, received_at
       from analytics_events where session_id = 'tab-aaaaaaaa' order by analytics_event_id`,
    );
    expect(rows).toMatchObject([
      { event_type: 'page_view', path: '/locations/123-w-44th-st-new-york', payment_id: null, amount: null, client_version: '3.1.340' },
      { event_type: 'purchase', path: null, payment_id: 42, amount: '42.74', currency: 'usd', method: 'browser-pay' },
    ]);
    expect((rows[0]?.['occurred_at'] as Date).toISOString()).toBe('2026-11-23T18:59:58.000Z');
    expect((rows[0]?.['received_at'] as Date).toISOString()).toBe(TEST_NOW.toISOString());
  });

  it('refuses personal data and malformed batches with 400 and a reason, storing nothing', async () => {
    const good = batch('tab-bbbbbbbb');
    const [view, purchase] = good.events as [AnalyticsBatch['events'][number], AnalyticsBatch['events'][number]];
    const cases: [string, unknown, RegExp][] = [
      ['a plate on a page view', { ...good, events: [{ ...view, licensePlate: 'ABC1234' }] }, /only its own fields \(no personal data\)/],
      ['an email on a purchase', { ...good, events: [{ ...purchase, email: 'pat@example.com' }] }, /only its own fields/],
      ['a token beside the events', { ...good, idToken: 'eyJhbGciOi' }, /only sessionId, clientVersion and events/],
      ['a query string', { ...good, events: [{ ...view, path: '/user-mgmt?oobCode=abc' }] }, /path: must be a page path/],
      ['a ticket number in the path', { ...good, events: [{ ...view, path: '/pay-for-parking/10442611230001004821001' }] }, /path: must be a page path/],
      ['a phone number in the path', { ...good, events: [{ ...view, path: '/x/2125550123' }] }, /path: must be a page path/],
      ['an email in the path', { ...good, events: [{ ...view, path: '/x/pat%40example.com' }] }, /path: must be a page path/],
      ['a path that is a URL', { ...good, events: [{ ...view, path: 'https://evil.example/' }] }, /path: must be a page path/],
      ['an unknown type', { ...good, events: [{ type: 'click', at: view.at }] }, /type must be page_view or purchase/],
      ['a negative amount', { ...good, events: [{ ...purchase, amount: -1 }] }, /amount: must not be negative/],
      ['an unknown method', { ...good, events: [{ ...purchase, method: 'cash' }] }, /method: must be one of saved_cc, cc, browser-pay/],
      ['a bad date', { ...good, events: [{ ...view, at: 'yesterday' }] }, /at: must be an ISO 8601 date-time/],
      ['no events', { ...good, events: [] }, /events: must hold at least one event/],
      ['51 events', { ...good, events: Array.from({ length: 51 }, () => view) }, /events: must hold at most 50 events/],
      ['a bad session id', { ...good, sessionId: 'x y' }, /sessionId: must be 8 to 64 letters/],
      ['not an object', [view], /Invalid|object|sessionId/i],
    ];
    for (const [name, body, message] of cases) {
      const response = await post(body);
      expect(response.status, name).toBe(400);
      expect((await response.json()).message, name).toMatch(message);
    }
    const text = await t.request('/logs/api/events', { method: 'POST', body: 'not json', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.250' } });
    expect(text.status).toBe(400);
    expect(await countOf('tab-bbbbbbbb')).toBe(0);
  });

  it(`answers 429 past ${ANALYTICS_LIMIT.limit} batches a minute from one address, and takes them again the next minute`, async () => {
    const address = '198.51.100.7';
    for (let index = 0; index < ANALYTICS_LIMIT.limit; index += 1) expect((await post(batch('tab-cccccccc'), address)).status).toBe(202);
    const refused = await post(batch('tab-cccccccc'), address);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect((await refused.json()).message).toBe(ANALYTICS_LIMIT.message);
    // Another address is not held back by this one.
    expect((await post(batch('tab-dddddddd'), '198.51.100.8')).status).toBe(202);
    t.clock.now = new Date(TEST_NOW.getTime() + 60_000);
    expect((await post(batch('tab-cccccccc'), address)).status).toBe(202);
    expect(await countOf('tab-cccccccc')).toBe(2 * (ANALYTICS_LIMIT.limit + 1));
  });
});

describe('GET /logs/api/events (local, non-production reader)', () => {
  it("answers a tab's events to a caller on this machine, and 404 through a proxy", async () => {
    await post(batch('tab-eeeeeeee'));
    const local = await t.request('/logs/api/events?sessionId=tab-eeeeeeee');
    expect(local.status).toBe(200);
    expect(await local.json()).toEqual([
      { type: 'page_view', path: '/locations/123-w-44th-st-new-york', paymentId: null, amount: null, currency: null, method: null, occurredAt: '2026-11-23T18:59:58.000Z' },
      { type: 'purchase', path: null, paymentId: 42, amount: 42.74, currency: 'usd', method: 'browser-pay', occurredAt: '2026-11-23T19:00:03.000Z' },
    ]);
    const proxied = await t.request('/logs/api/events?sessionId=tab-eeeeeeee', { headers: { 'X-Forwarded-For': '203.0.113.9' } });
    expect(proxied.status).toBe(404);
    expect((await t.request('/logs/api/events?sessionId=a')).status).toBe(400);
  });
});
