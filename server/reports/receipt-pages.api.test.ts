/**
 * The receipts list's numbered pages (pagination widget, decision 0114) for a customer with 2,000
 * receipts among 100 k other payments: the total and any page number answer through the app, the
 * last page as well as the first, pages are disjoint and together list every receipt once. The
 * time of the first and last page is printed (the widget jumps at most to the last page: an
 * offset of 1,980 read along the owner's index).
 */
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiptPageSchema } from '../../src/contract/reports.ts';
import { createEmulatorUser, emulatorTokenVerifier, type EmulatorUser } from '../testing/emulator-users.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { listReceipts } from './queries.ts';

const RECEIPTS = 2_000;
const PAGE = 20;
let t: TestApp;
let driver: EmulatorUser;

beforeAll(async () => {
  [t, driver] = await Promise.all([createTestApp({ verifyToken: emulatorTokenVerifier() }), createEmulatorUser()]);
  const at = t.clock.now.toISOString();
  await t.db.query(
    `insert into payments (owner_uid, system_entity_id, description, amount_cents, status, provider, created_at, updated_at, succeeded_at)
     select case when i <= $2 then $1 else 'other-payer-' || (i % 5000) end, 'ticket:' || lpad(i::text, 22, '0'), 'Parking', 1000 + i % 900,
       'succeeded', 'test-processor', ts, ts, ts
     from generate_series(1, 100000 + $2) i, lateral (select $3::timestamptz - i * interval '7 minutes' as ts) x`,
    [driver.uid, RECEIPTS, at],
  );
  await t.db.query('analyze payments');
}, 300_000);
afterAll(async () => { await t.close(); });

async function page(n: number) {
  const started = performance.now();
  const response = await t.request(`/reports/api/reports/payments-history/${n * PAGE}/${PAGE}`, { token: driver.idToken });
  const ms = performance.now() - started;
  expect(response.status).toBe(200);
  return { ms, body: v.parse(receiptPageSchema, await response.json()) };
}

describe('numbered receipt pages at 2,000 receipts', () => {
  it('counts them all and serves the first, a middle and the last page', { timeout: 300_000 }, async () => {
    await page(0); // warm-up: the first request compiles the route and warms the cache
    const first = await page(0);
    const middle = await page(49);
    const last = await page(RECEIPTS / PAGE - 1);
    const past = await page(RECEIPTS / PAGE);
    for (const { body } of [first, middle, last]) {
      expect(body.totalElementCount).toBe(RECEIPTS);
      expect(body.results).toHaveLength(PAGE);
    }
    expect(past.body.results).toEqual([]);
    const ids = new Set([first, middle, last].flatMap(({ body }) => body.results.map((entry) => entry.receiptId)));
    expect(ids.size).toBe(3 * PAGE);
    // Newest first: the last page ends with the oldest receipt.
    const [oldest] = await t.db.query<{ id: number }>('select payment_id as id from payments where owner_uid = $1 order by succeeded_at, payment_id limit 1', [driver.uid]);
    expect(last.body.results.at(-1)?.receiptId).toBe(`payment-${oldest?.id}`);
    // The database's share (page rows and the total), median of 5: the request times above include
    // the token's check against the Auth emulator and whatever else the machine is doing.
    const queryMs = async (offset: number) => {
      const times: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const started = performance.now();
        await listReceipts(t.db, driver.uid, offset, PAGE);
        times.push(performance.now() - started);
      }
      return times.sort((a, b) => a - b)[2]!.toFixed(1);
    };
    const database = process.env['TEST_DATABASE_URL'] ? 'PostgreSQL' : 'PGlite';
    console.info(`receipt pages at ${RECEIPTS} receipts (${database}), request: page 1 ${first.ms.toFixed(1)} ms, page 50 ${middle.ms.toFixed(1)} ms, page 100 ${last.ms.toFixed(1)} ms`);
    console.info(`receipt pages at ${RECEIPTS} receipts (${database}), query + count: page 1 ${await queryMs(0)} ms, page 50 ${await queryMs(980)} ms, page 100 ${await queryMs(1980)} ms; load ${(await import('node:os')).loadavg()[0]!.toFixed(1)}`);
  });
});
