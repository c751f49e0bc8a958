/**
 * Payment history and receipts paged by keyset (`?after=`) through the real app: the same entries
 * as the numbered (offset) pages the client uses, ties at one instant in a stable order, a cursor
 * that is not the caller's gives an empty page, and a malformed one is a 400 with a message.
 * (That each page is one index range is payment-plans.api.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulatorUser, emulatorTokenVerifier, type EmulatorUser } from '../testing/emulator-users.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let alice: EmulatorUser;
let bob: EmulatorUser;

const get = async <T>(path: string, token: string) => {
  const response = await t.request(path, { token });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
};
type Page<E> = { page: number; pageSize: number; totalElementCount: number; results: E[] };

beforeAll(async () => {
  t = await createTestApp({ verifyToken: emulatorTokenVerifier() });
  [alice, bob] = await Promise.all([createEmulatorUser(), createEmulatorUser()]);
  // 23 paid payments, three of them at one instant, and refunds of four (one at a payment's instant).
  await t.db.query(
    `insert into payments (owner_uid, system_entity_id, description, amount_cents, status, provider, created_at, updated_at, succeeded_at)
     select $1, 'keyset:' || i, 'Parking ' || i, 1000 + i, 'succeeded', 'test-processor', at, at, at
     from generate_series(1, 23) i, lateral (select $2::timestamptz - (case when i between 10 and 12 then 10 else i end) * interval '1 hour' as at) t`,
    [alice.uid, new Date('2026-11-20T12:00:00Z')],
  );
  await t.db.query(
    `insert into payment_refunds (payment_id, owner_uid, amount_cents, reason, status, created_at, succeeded_at)
     select payment_id, owner_uid, 500, 'Cancelled', 'succeeded', succeeded_at + interval '2 hours', succeeded_at + interval '2 hours'
     from payments where owner_uid = $1 and system_entity_id in ('keyset:4', 'keyset:9', 'keyset:15', 'keyset:20')`,
    [alice.uid],
  );
});
afterAll(() => t.close());

describe('keyset pages', () => {
  it('walks the payment history after each page\'s last payment, as the numbered pages list it', async () => {
    const all = await get<Page<{ paymentId: number }>>('/payments/api/payments/history/0/100', alice.idToken);
    expect(all.totalElementCount).toBe(23);
    const walked: number[] = [];
    for (let page = 0; walked.length < 23; page += 1) {
      const after = walked.at(-1);
      const next = await get<Page<{ paymentId: number }>>(`/payments/api/payments/history/${page * 5}/5${after ? `?after=${after}` : ''}`, alice.idToken);
      expect(next.page).toBe(page);
      expect(next.totalElementCount).toBe(23);
      walked.push(...next.results.map((entry) => entry.paymentId));
    }
    expect(walked).toEqual(all.results.map((entry) => entry.paymentId));
  });

  it('walks the receipts (payments and refunds merged) after each page\'s last receiptId, as the numbered pages list them', async () => {
    const all = await get<Page<{ receiptId: string }>>('/reports/api/reports/payments-history/0/100', alice.idToken);
    expect(all.totalElementCount).toBe(27);
    const walked: string[] = [];
    for (let page = 0; walked.length < 27; page += 1) {
      const after = walked.at(-1);
      const next = await get<Page<{ receiptId: string }>>(`/reports/api/reports/payments-history/${page * 4}/4${after ? `?after=${after}` : ''}`, alice.idToken);
      walked.push(...next.results.map((entry) => entry.receiptId));
    }
    expect(walked).toEqual(all.results.map((entry) => entry.receiptId));
    // And the numbered pages themselves still match the whole list.
    const third = await get<Page<{ receiptId: string }>>('/reports/api/reports/payments-history/8/4', alice.idToken);
    expect(third.results.map((entry) => entry.receiptId)).toEqual(all.results.slice(8, 12).map((entry) => entry.receiptId));
  });

  it('gives an empty page for a cursor that is not the caller\'s, and 400 for a malformed one', async () => {
    const alices = await get<Page<{ paymentId: number; receiptId: string }>>('/reports/api/reports/payments-history/0/3', alice.idToken);
    const cursor = alices.results[0]?.receiptId ?? '';
    expect((await get<Page<unknown>>(`/reports/api/reports/payments-history/0/3?after=${cursor}`, bob.idToken)).results).toEqual([]);
    expect((await get<Page<unknown>>(`/payments/api/payments/history/0/3?after=${alices.results[0]?.paymentId}`, bob.idToken)).results).toEqual([]);
    const refused = [
      ...['0', 'x', '-1', '1e3', '9999999999', 'payment-1'].map((bad) => `/payments/api/payments/history/0/3?after=${encodeURIComponent(bad)}`),
      ...['0', '12', 'payment-0', 'charge-1', 'payment-9999999999', "payment-1' or 1=1"].map((bad) => `/reports/api/reports/payments-history/0/3?after=${encodeURIComponent(bad)}`),
    ];
    for (const path of refused) {
      const response = await t.request(path, { token: alice.idToken });
      expect(response.status, path).toBe(400);
      expect(((await response.json()) as { message: string }).message, path).toContain('after');
    }
  });
});
