/**
 * Daily reservations through the real app with emulator users on the built-in test processor:
 * a quote becomes a reservation only as priced by the rate engine, one reservation and one charge
 * whatever the repeats, only the owner sees or changes it, cancelling refunds through the
 * processor and is refused inside 30 minutes, a paid reservation is redeemable at the gate by its
 * confirmation number, and a $0 total is confirmed with no payment.
 */
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { paymentSetupSchema, savedPaymentMethodSchema } from '../../src/contract/payments.ts';
import { dailyRateSchema, type DailyRate } from '../../src/contract/rates.ts';
import { receiptDetailSchema, receiptPageSchema } from '../../src/contract/reports.ts';
import { createdReservationSchema, RESERVATION_MESSAGES, reservationPageSchema, reservationSchema } from '../../src/contract/reservations.ts';
import { createTestProcessor } from '../payments/test-processor.ts';
import { claimConfirmationMail } from './confirmation-mail.ts';
import { createEmulatorUser, emulatorTokenVerifier, type EmulatorUser } from '../testing/emulator-users.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

// TEST_NOW is Monday 2026-11-23 2:00 PM in New York (19:00Z).
const TUESDAY_6_PM = '2026-11-24T23:00:00.000Z';
const TUESDAY_9_PM = '2026-11-25T02:00:00.000Z';

let t: TestApp;
let alice: EmulatorUser;
let bob: EmulatorUser;

beforeAll(async () => {
  t = await createTestApp({ verifyToken: emulatorTokenVerifier() });
  [alice, bob] = await Promise.all([createEmulatorUser({ displayName: 'Alice Driver' }), createEmulatorUser()]);
  await t.db.query(`insert into customers (uid, email, display_name) values ($1, $2, 'Alice Driver')`, [alice.uid, alice.email]);
});
afterAll(() => t.close());

const post = (path: string, json: unknown, token?: string, headers?: Record<string, string>) =>
  t.request(path, { method: 'POST', json, ...(token ? { token } : {}), ...(headers ? { headers } : {}) });

async function quote(locationId: number, entryTimeUtc = TUESDAY_6_PM, exitTimeUtc = TUESDAY_9_PM, coupon?: string): Promise<DailyRate> {
  const path = coupon ? `/rates/api/rates/coupons/${coupon}/calculate` : '/rates/api/rates/calculate';
  const response = await post(path, { locationId, entryTimeUtc, exitTimeUtc });
  expect(response.status).toBe(200);
  return v.parse(dailyRateSchema, await response.json());
}

async function reserve(user: EmulatorUser, rateInstanceId: string, isOversized = false) {
  const response = await post('/reservations/api/reservations', { rateInstanceId, isOversized }, user.idToken);
  return { status: response.status, body: (await response.json()) as unknown };
}

async function reserveOk(user: EmulatorUser, rateInstanceId: string, isOversized = false) {
  const { status, body } = await reserve(user, rateInstanceId, isOversized);
  expect([200, 201]).toContain(status);
  return v.parse(createdReservationSchema, body).reservation;
}

async function savedCard(user: EmulatorUser, number = '4242424242424242') {
  const setup = v.parse(paymentSetupSchema, await (await post('/payments/api/payments/setup/initialize', {}, user.idToken)).json());
  const card = (await (await post('/payments/api/test-processor/payment-methods', { number, expMonth: 12, expYear: 2030, cvc: '123', name: 'A', zip: '10001' })).json()) as { paymentMethodId: string };
  await post(`/payments/api/test-processor/setup-intents/${setup.clientSecret}/confirm`, { paymentMethodId: card.paymentMethodId });
  const complete = await post('/payments/api/payments/setup/complete', { transactionId: setup.transactionIntentId, providerCustomerId: setup.providerCustomerId, paymentMethodId: card.paymentMethodId }, user.idToken);
  return v.parse(savedPaymentMethodSchema, await complete.json());
}

const charge = (user: EmulatorUser, methodId: number, systemEntityId: string, key?: string) =>
  post(`/payments/api/payments/methods/${methodId}/charge`, { systemEntityId }, user.idToken, key ? { 'Idempotency-Key': key } : undefined);

async function count(sql: string, params: unknown[]) {
  const [row] = await t.db.query<{ n: number }>(sql, params);
  return row?.n ?? 0;
}

const getReservation = async (user: EmulatorUser, id: number) => t.request(`/reservations/api/reservations/${id}`, { token: user.idToken });

describe('creating a reservation from a quote', () => {
  it('prices it from the stored rate instance: total is rate with tax plus the service fee, and it waits for payment', async () => {
    const rate = await quote(1);
    const reservation = await reserveOk(alice, rate.rateInstanceId);
    expect(reservation).toMatchObject({ status: 'pending', locationId: 1, isCancelled: false, isNotClaimed: true, systemEntityId: `reservation:${reservation.reservationId}` });
    expect(reservation.totalCents).toBe(Math.round((rate.rateWithTax + rate.serviceFeeAmount) * 100));
    expect(reservation.confirmationNumber).toMatch(/^PF-2611-[A-Z2-9]{4}$/);
  });

  it('refuses a tampered, all-zero or malformed rateInstanceId and bad bodies with 400 and a message', async () => {
    const rate = await quote(2);
    const tampered = `${rate.rateInstanceId.slice(0, -4)}${rate.rateInstanceId.endsWith('0000') ? '1111' : '0000'}`;
    expect(await reserve(alice, tampered)).toEqual({ status: 400, body: { message: RESERVATION_MESSAGES.unknownRate } });
    expect(await reserve(alice, '00000000-0000-0000-0000-000000000000')).toEqual({ status: 400, body: { message: RESERVATION_MESSAGES.noRate } });
    for (const body of [{}, { rateInstanceId: 'abc' }, { rateInstanceId: rate.rateInstanceId, isOversized: 'yes' }, { rateInstanceId: 42 }]) {
      const response = await post('/reservations/api/reservations', body, alice.idToken);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(/rateInstanceId|isOversized/);
    }
  });

  it('refuses a quote whose start has passed, and one the rate engine no longer gives', async () => {
    const soon = await quote(3, '2026-11-23T20:00:00.000Z', '2026-11-23T22:00:00.000Z');
    const saved = t.clock.now;
    t.clock.now = new Date('2026-11-23T20:00:00.000Z');
    try {
      expect(await reserve(alice, soon.rateInstanceId)).toEqual({ status: 400, body: { message: RESERVATION_MESSAGES.expiredRate } });
    } finally {
      t.clock.now = saved;
    }
    // A stored instance whose price the engine does not give (as if the rate card changed since).
    const rate = await quote(4);
    const forged = '11111111-2222-8333-8444-555555555555';
    await t.db.query(
      `insert into rate_instances (rate_instance_id, location_id, rate_id, entry_time_utc, exit_time_utc, rate_duration, price, tax, rate_with_tax, service_fee_amount,
         oversize_rate, oversize_surcharge, oversized_service_fee_amount, no_oversized, rate_message, time_description, is_event_rate)
       select $1, location_id, rate_id, entry_time_utc, exit_time_utc, rate_duration, 1, 0, 1, 0, oversize_rate, oversize_surcharge, oversized_service_fee_amount,
         no_oversized, rate_message, time_description, is_event_rate from rate_instances where rate_instance_id = $2`,
      [forged, rate.rateInstanceId],
    );
    expect(await reserve(alice, forged)).toEqual({ status: 400, body: { message: RESERVATION_MESSAGES.changedRate } });
  });

  it('refuses oversized at a garage that takes no oversized vehicles', async () => {
    const [garage] = await t.db.query<{ location_id: number }>('select location_id from locations l join rate_cards using (location_id) where not oversized order by location_id limit 1');
    const rate = await quote(garage?.location_id ?? 0);
    expect(await reserve(alice, rate.rateInstanceId, true)).toEqual({ status: 400, body: { message: RESERVATION_MESSAGES.noOversized } });
  });

  it('refuses a quote when a blackout was posted over its stay since, with the garage\'s message', async () => {
    const rate = await quote(11);
    const message = 'Closed tonight for a water main repair on the block.';
    await t.db.query(
      `insert into location_blackouts (location_id, start_date_utc, end_date_utc, all_day, message) values (11, $1, $2, false, $3)`,
      [TUESDAY_6_PM, TUESDAY_9_PM, message],
    );
    expect(await reserve(alice, rate.rateInstanceId)).toEqual({ status: 400, body: { message } });
  });
});

describe('capacity', () => {
  it('refuses a stay once the garage\'s reservable spaces are held by reservations over it (more in capacity.api.test.ts)', async () => {
    // Capacity 4: one reservable space (a quarter, at least one).
    await t.db.query('update locations set capacity = 4 where location_id = 14');
    const card = await savedCard(alice);
    const first = await reserveOk(alice, (await quote(14)).rateInstanceId);
    // Held from creation while it waits for payment (decision 0102), and once paid.
    const overlapping = await quote(14, '2026-11-25T00:00:00.000Z', '2026-11-25T03:00:00.000Z');
    expect(await reserve(bob, overlapping.rateInstanceId)).toEqual({ status: 409, body: { message: RESERVATION_MESSAGES.fullyBooked } });
    expect((await charge(alice, card.customerPaymentMethodId, first.systemEntityId)).status).toBe(200);
    const later = await quote(14, '2026-11-25T01:00:00.000Z', '2026-11-25T04:00:00.000Z');
    expect(await reserve(bob, later.rateInstanceId)).toEqual({ status: 409, body: { message: RESERVATION_MESSAGES.fullyBooked } });
    // A stay after it ends is free again.
    const after = await quote(14, '2026-11-25T02:00:00.000Z', '2026-11-25T05:00:00.000Z');
    expect((await reserve(bob, after.rateInstanceId)).status).toBe(201);
  });
});

describe('one reservation and one charge', () => {
  it('double clicks and retries of create and of the charge make one reservation, one payment, one processor charge', async () => {
    const card = await savedCard(alice);
    const rate = await quote(5);
    const created = await Promise.all([reserveOk(alice, rate.rateInstanceId), reserveOk(alice, rate.rateInstanceId), reserveOk(alice, rate.rateInstanceId)]);
    expect(new Set(created.map((r) => r.reservationId)).size).toBe(1);
    const reservation = created[0] ?? expect.fail('no reservation');
    const answers = await Promise.all([charge(alice, card.customerPaymentMethodId, reservation.systemEntityId), charge(alice, card.customerPaymentMethodId, reservation.systemEntityId)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    // A reload after paying creates nothing new for the confirmed one, and a repeated charge is the same payment.
    expect((await charge(alice, card.customerPaymentMethodId, reservation.systemEntityId)).status).toBe(200);
    expect(await count(`select count(*)::int as n from payments where system_entity_id = $1 and status = 'succeeded'`, [reservation.systemEntityId])).toBe(1);
    expect(await count(`select count(*)::int as n from test_processor_intents i join payments p on p.provider_intent_id = i.intent_id where p.system_entity_id = $1 and i.status = 'succeeded'`, [reservation.systemEntityId])).toBe(1);
    expect(await count('select count(*)::int as n from daily_reservations where owner_uid = $1 and rate_instance_id = $2', [alice.uid, rate.rateInstanceId])).toBe(1);
    const confirmed = v.parse(reservationSchema, await (await getReservation(alice, reservation.reservationId)).json());
    expect(confirmed).toMatchObject({ status: 'confirmed', canCancel: true });
    expect(confirmed.paymentId).not.toBeNull();
  });
});

describe('a reload while a new card is being confirmed', () => {
  it('asking for the same quote again records the payment the processor took and answers the reservation confirmed, with no second charge', async () => {
    const rate = await quote(16);
    const reservation = await reserveOk(alice, rate.rateInstanceId);
    const started = await post('/payments/api/payments/initialize', { systemEntityId: reservation.systemEntityId, savePaymentMethod: false }, alice.idToken);
    const { paymentId, clientSecret } = (await started.json()) as { paymentId: number; clientSecret: string };
    // The browser confirms the card with the processor directly (Stripe.js), and its answer is
    // lost to a reload: nothing has told the app (no status poll, no webhook).
    const processor = createTestProcessor(t.db, () => t.clock.now);
    const card = await processor.createPaymentMethod({ number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123', name: 'A', zip: '10001' });
    if ('error' in card) expect.fail(card.error.message);
    expect((await processor.confirmPaymentIntent(clientSecret, card.card.paymentMethodId)).ok).toBe(true);
    expect(await count(`select count(*)::int as n from payments where payment_id = $1 and status = 'succeeded'`, [paymentId])).toBe(0);

    const again = await reserveOk(alice, rate.rateInstanceId);
    expect(again).toMatchObject({ reservationId: reservation.reservationId, status: 'confirmed', paymentId });
    // Once confirmed, the same quote again is a new reservation (a second car for the same
    // stay): the reserve screen's memory of its attempt (reservationForQuote) keeps a reload from making one.
    expect((await reserveOk(alice, rate.rateInstanceId)).reservationId).not.toBe(reservation.reservationId);
    expect(await count(`select count(*)::int as n from payments where system_entity_id = $1`, [reservation.systemEntityId])).toBe(1);
  });
});

describe('ownership', () => {
  it("another customer's reservation and receipt are 404, and they cannot cancel or pay it", async () => {
    const reservation = await reserveOk(alice, (await quote(6)).rateInstanceId);
    const id = reservation.reservationId;
    expect((await getReservation(bob, id)).status).toBe(404);
    expect((await t.request(`/reservations/api/reservations/receipt/${id}`, { token: bob.idToken })).status).toBe(404);
    expect((await t.request(`/reservations/api/reservations/${id}`, { method: 'DELETE', token: bob.idToken })).status).toBe(404);
    const bobCard = await savedCard(bob);
    expect((await charge(bob, bobCard.customerPaymentMethodId, reservation.systemEntityId)).status).toBe(404);
    expect((await getReservation(alice, id)).status).toBe(200);
    expect((await t.request(`/reservations/api/reservations/${id}`)).status).toBe(401);
  });
});

describe('hostile input', () => {
  it('answers 400 or 404 with a message, never 500, to bad ids, bodies, queries and payables', async () => {
    const { rateInstanceId } = await quote(17);
    const reservation = await reserveOk(alice, rateInstanceId);
    const wrong: string[] = [];
    const expectRefused = async (what: string, response: Response, statuses: number[]) => {
      const text = await response.text();
      const message = (() => {
        try {
          return (JSON.parse(text) as { message?: unknown }).message;
        } catch {
          return undefined;
        }
      })();
      if (!statuses.includes(response.status) || typeof message !== 'string' || message.length === 0) wrong.push(`${what} → ${response.status} ${text.slice(0, 120)}`);
    };
    const ids = ['0', '-1', '1.5', '1e3', 'abc', '99999999999999999999', `${reservation.reservationId}%00`, `${reservation.reservationId};drop`, 'x'.repeat(500), '%27%20or%201%3D1'];
    for (const id of ids) {
      for (const [method, path] of [['GET', `/reservations/api/reservations/${id}`], ['DELETE', `/reservations/api/reservations/${id}`], ['GET', `/reservations/api/reservations/receipt/${id}`]] as const) {
        await expectRefused(`${method} ${path.slice(0, 80)}`, await t.request(path, { method, token: alice.idToken }), [400, 404]);
      }
    }
    const bodies: unknown[] = [
      null, [], 'reserve', 42, { rateInstanceId: null }, { rateInstanceId: [rateInstanceId] }, { rateInstanceId: { $ne: '' } },
      { rateInstanceId: 'x'.repeat(10_000) }, { rateInstanceId: `${rateInstanceId}' or '1'='1` }, { rateInstanceId: rateInstanceId.toUpperCase().replace(/-/g, '') },
      { rateInstanceId, isOversized: 1 },
    ];
    for (const body of bodies) await expectRefused(`POST ${JSON.stringify(body).slice(0, 80)}`, await post('/reservations/api/reservations', body, alice.idToken), [400]);
    const notJson = await t.request('/reservations/api/reservations', { method: 'POST', token: alice.idToken, body: '{"rateInstanceId":', headers: { 'Content-Type': 'application/json' } });
    await expectRefused('POST broken JSON', notJson, [400]);
    for (const query of ['page=-1', 'page=abc', 'pageSize=1000', 'pageSize=0', 'page=1e9', 'pageSize=%00']) {
      await expectRefused(`GET active?${query}`, await t.request(`/reservations/api/reservations/active?${query}`, { token: alice.idToken }), [400]);
    }
    for (const systemEntityId of ['reservation:0', 'reservation:abc', 'reservation:99999999', `reservation:${reservation.reservationId}9`, 'reservation:']) {
      await expectRefused(`initialize ${systemEntityId}`, await post('/payments/api/payments/initialize', { systemEntityId, savePaymentMethod: false }, alice.idToken), [400, 404]);
    }
    expect(wrong).toEqual([]);
    // A price sent by the client is ignored: the same reservation, at the server's price.
    const priced = await reserve(alice, rateInstanceId, false);
    const withPrice = await post('/reservations/api/reservations', { rateInstanceId, isOversized: false, amountCents: 1, totalCents: 1 }, alice.idToken);
    expect(withPrice.status).toBe(200);
    expect(v.parse(createdReservationSchema, await withPrice.json()).reservation).toMatchObject({ reservationId: reservation.reservationId, totalCents: reservation.totalCents });
    expect(priced.status).toBe(200);
    // Nothing hostile changed it.
    expect(v.parse(reservationSchema, await (await getReservation(alice, reservation.reservationId)).json())).toMatchObject({ status: 'pending', totalCents: reservation.totalCents });
  });
});

describe('cancelling', () => {
  it('refunds a paid reservation through the processor, once, and takes it off the gate', async () => {
    const card = await savedCard(alice);
    const reservation = await reserveOk(alice, (await quote(7)).rateInstanceId);
    expect((await charge(alice, card.customerPaymentMethodId, reservation.systemEntityId)).status).toBe(200);
    const redeemable = await count(`select count(*)::int as n from aggregator_reservations where reservation_number = $1 and provider = 'ParkFair'`, [reservation.confirmationNumber]);
    expect(redeemable).toBe(1);
    const first = await t.request(`/reservations/api/reservations/${reservation.reservationId}`, { method: 'DELETE', token: alice.idToken });
    const again = await t.request(`/reservations/api/reservations/${reservation.reservationId}`, { method: 'DELETE', token: alice.idToken });
    expect([first.status, again.status]).toEqual([200, 200]);
    const cancelled = v.parse(reservationSchema, await again.json());
    expect(cancelled).toMatchObject({ status: 'cancelled', isCancelled: true, canCancel: false, refund: { amount: reservation.total, status: 'succeeded' } });
    expect(await count('select count(*)::int as n from test_processor_refunds r join payments p on p.provider_intent_id = r.intent_id where p.system_entity_id = $1', [reservation.systemEntityId])).toBe(1);
    expect(await count(`select count(*)::int as n from aggregator_reservations where reservation_number = $1`, [reservation.confirmationNumber])).toBe(0);

    // Receipts: the payment and its refund, each an entry; the detail shows the refund; Bob sees neither.
    const receipts = v.parse(receiptPageSchema, await (await t.request('/reports/api/reports/payments-history/0/100', { token: alice.idToken })).json());
    const mine = receipts.results.filter((entry) => entry.systemEntityId === reservation.systemEntityId);
    expect(mine.map((entry) => [entry.entryType, entry.amountCents])).toEqual([['refund', -reservation.totalCents], ['payment', reservation.totalCents]]);
    const paymentId = mine[1]?.paymentId ?? 0;
    const detail = v.parse(receiptDetailSchema, await (await t.request(`/reports/api/reports/payments-history/${paymentId}`, { token: alice.idToken })).json());
    expect(detail).toMatchObject({ kind: 'reservation', amountCents: reservation.totalCents, refunds: [{ amount: reservation.total, status: 'succeeded' }] });
    expect(detail.lines).toContainEqual({ label: 'Confirmation number', value: reservation.confirmationNumber });
    expect((await t.request(`/reports/api/reports/payments-history/${paymentId}`, { token: bob.idToken })).status).toBe(404);
    const bobs = v.parse(receiptPageSchema, await (await t.request('/reports/api/reports/payments-history/0/100', { token: bob.idToken })).json());
    expect(bobs.results.some((entry) => entry.systemEntityId === reservation.systemEntityId)).toBe(false);
    expect((await t.request('/reports/api/reports/payments-history/0/0', { token: alice.idToken })).status).toBe(400);
    expect((await t.request(`/reports/api/reports/payments-history/${paymentId}`)).status).toBe(401);
  });

  it('is refused later than 30 minutes before the start, with the message', async () => {
    const card = await savedCard(alice);
    const reservation = await reserveOk(alice, (await quote(8, '2026-11-23T21:00:00.000Z', '2026-11-23T23:00:00.000Z')).rateInstanceId);
    expect((await charge(alice, card.customerPaymentMethodId, reservation.systemEntityId)).status).toBe(200);
    const saved = t.clock.now;
    t.clock.now = new Date('2026-11-23T20:31:00.000Z');
    try {
      const response = await t.request(`/reservations/api/reservations/${reservation.reservationId}`, { method: 'DELETE', token: alice.idToken });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: RESERVATION_MESSAGES.cancelTooLate });
      expect(v.parse(reservationSchema, await (await getReservation(alice, reservation.reservationId)).json())).toMatchObject({ status: 'confirmed', canCancel: false });
    } finally {
      t.clock.now = saved;
    }
  });
});

describe('a browser payment that completes after its pending reservation was cancelled', () => {
  it('is refunded through the processor, once, and the reservation and receipts show the refund', async () => {
    const reservation = await reserveOk(alice, (await quote(15)).rateInstanceId);
    // The reserve screen hands the browser a client secret (new card / browser pay)...
    const started = await post('/payments/api/payments/initialize', { systemEntityId: reservation.systemEntityId, savePaymentMethod: false }, alice.idToken);
    expect(started.status).toBe(200);
    const { paymentId, clientSecret } = (await started.json()) as { paymentId: number; clientSecret: string };
    // ...the reservation is cancelled meanwhile (another tab, or the API)...
    const cancelled = await t.request(`/reservations/api/reservations/${reservation.reservationId}`, { method: 'DELETE', token: alice.idToken });
    expect(v.parse(reservationSchema, await cancelled.json())).toMatchObject({ status: 'cancelled', paymentId: null, refund: null });
    // ...and then the browser confirms the card with the processor: the money is taken.
    const card = (await (await post('/payments/api/test-processor/payment-methods', { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123', name: 'A', zip: '10001' })).json()) as { paymentMethodId: string };
    expect((await post(`/payments/api/test-processor/payment-intents/${clientSecret}/confirm`, { paymentMethodId: card.paymentMethodId })).status).toBe(200);
    // Polling the payment (as the screen does) records it as paid; the reservation stays cancelled and is refunded.
    expect((await t.request(`/payments/api/payments/${paymentId}`, { token: alice.idToken })).status).toBe(200);
    const refunds = () => count('select count(*)::int as n from test_processor_refunds r join payments p on p.provider_intent_id = r.intent_id where p.payment_id = $1', [paymentId]);
    await expect.poll(refunds, { timeout: 5_000 }).toBe(1);
    const after = v.parse(reservationSchema, await (await getReservation(alice, reservation.reservationId)).json());
    expect(after).toMatchObject({ status: 'cancelled', paymentId, refund: { amount: reservation.total, status: 'succeeded' } });
    // Repeats (status polls, DELETE again, reads) never refund twice, and it is not redeemable at the gate.
    await t.request(`/payments/api/payments/${paymentId}`, { token: alice.idToken });
    expect((await t.request(`/reservations/api/reservations/${reservation.reservationId}`, { method: 'DELETE', token: alice.idToken })).status).toBe(200);
    await getReservation(alice, reservation.reservationId);
    expect(await refunds()).toBe(1);
    expect(await count('select count(*)::int as n from payment_refunds where payment_id = $1', [paymentId])).toBe(1);
    expect(await count(`select count(*)::int as n from aggregator_reservations where reservation_number = $1`, [reservation.confirmationNumber])).toBe(0);
    const receipts = v.parse(receiptPageSchema, await (await t.request('/reports/api/reports/payments-history/0/100', { token: alice.idToken })).json());
    const mine = receipts.results.filter((entry) => entry.systemEntityId === reservation.systemEntityId);
    expect(mine.map((entry) => [entry.entryType, entry.amountCents])).toEqual([['refund', -reservation.totalCents], ['payment', reservation.totalCents]]);
  });
});

describe('lists, gate and mail', () => {
  it('lists confirmed reservations as active and cancelled ones as completed, paged', async () => {
    const active = v.parse(reservationPageSchema, await (await t.request('/reservations/api/reservations/active?pageSize=50', { token: alice.idToken })).json());
    const completed = v.parse(reservationPageSchema, await (await t.request('/reservations/api/reservations/completed', { token: alice.idToken })).json());
    expect(active.results.every((r) => r.status === 'confirmed')).toBe(true);
    expect(active.results.length).toBeGreaterThan(0);
    expect(completed.results.some((r) => r.status === 'cancelled')).toBe(true);
    expect((await t.request('/reservations/api/reservations/active?pageSize=0', { token: alice.idToken })).status).toBe(400);
  });

  it('a paid reservation is found by the gate lookup that finds aggregator reservations, and the confirmation mail went out once', async () => {
    const card = await savedCard(alice);
    const reservation = await reserveOk(alice, (await quote(9)).rateInstanceId);
    expect((await charge(alice, card.customerPaymentMethodId, reservation.systemEntityId)).status).toBe(200);
    await getReservation(alice, reservation.reservationId);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const lookup = await t.request(`/tickets/api/aggregator-reservations/ParkFair/${reservation.confirmationNumber}`, { headers: { 'X-Forwarded-For': '203.0.113.77' } });
    expect(lookup.status).toBe(200);
    expect(await lookup.json()).toMatchObject({ reservationNumber: reservation.confirmationNumber, aggregator: 'ParkFair', isRedeemed: false });
    expect(await count(`select count(*)::int as n from mail_outbox where kind = 'reservation-confirmed' and to_address = $1 and subject like $2`, [alice.email, `%${reservation.confirmationNumber}%`])).toBe(1);
    // What it says: the reservation, its garage, its money and its pass.
    const [mail] = await t.db.query<{ text_body: string }>(`select text_body from mail_outbox where kind = 'reservation-confirmed' and subject like $1`, [`%${reservation.confirmationNumber}%`]);
    const { location } = reservation;
    expect(mail?.text_body.split('\n')).toEqual(expect.arrayContaining([
      `Your parking is reserved. Confirmation number: ${reservation.confirmationNumber}`,
      location.locationDisplayText,
      `${location.address1}, ${location.city}, ${location.state} ${location.zip}`,
      `Total: $${(reservation.totalCents / 100).toFixed(2)}`,
      expect.stringMatching(new RegExp(`^Show your pass at the garage: http.*/my-account/reservations/${reservation.reservationId}$`)),
    ]));
  });

  it('the confirmation mail is claimed once, and only for a confirmed reservation whose customer has an email on file', async () => {
    const card = await savedCard(alice);
    const reservation = await reserveOk(alice, (await quote(10)).rateInstanceId);
    const mailedAt = async () =>
      (await t.db.query<{ at: Date | null }>('select confirmation_mailed_at as at from daily_reservations where reservation_id = $1', [reservation.reservationId]))[0]?.at;
    // Not confirmed yet (no payment): nothing to claim.
    expect(await claimConfirmationMail(t.db, reservation.reservationId, t.clock.now)).toBeUndefined();
    expect((await charge(alice, card.customerPaymentMethodId, reservation.systemEntityId)).status).toBe(200);
    // The payment's hook claims it in the background: then a second attempt finds nothing to send.
    await vi.waitFor(async () => expect(await mailedAt()).not.toBeNull());
    expect(await claimConfirmationMail(t.db, reservation.reservationId, t.clock.now)).toBeUndefined();

    await t.db.query('update daily_reservations set confirmation_mailed_at = null where reservation_id = $1', [reservation.reservationId]);
    await t.db.query('update customers set email = null where uid = $1', [alice.uid]);
    try {
      expect(await claimConfirmationMail(t.db, reservation.reservationId, t.clock.now)).toBeUndefined();
      expect(await mailedAt()).toBeNull();
    } finally {
      await t.db.query('update customers set email = $2 where uid = $1', [alice.uid, alice.email]);
    }
    // The claim reads what the mail says in the same statement: the reservation, its garage and its rate.
    expect(await claimConfirmationMail(t.db, reservation.reservationId, t.clock.now)).toMatchObject({
      email: alice.email, displayName: 'Alice Driver', confirmationNumber: reservation.confirmationNumber, totalCents: reservation.totalCents,
      garage: { displayText: reservation.location.locationDisplayText, address1: reservation.location.address1 },
      rate: { entryTimeUtc: new Date(reservation.rateInstance.entryTimeUtc), price: reservation.rateInstance.price },
    });
    expect(await mailedAt()).not.toBeNull();
  });

  it('is redeemed at the gate on a paper ticket, by its confirmation number, once; then it can no longer be cancelled', async () => {
    const card = await savedCard(alice);
    const reservation = await reserveOk(alice, (await quote(12)).rateInstanceId);
    expect((await charge(alice, card.customerPaymentMethodId, reservation.systemEntityId)).status).toBe(200);
    const saved = t.clock.now;
    t.clock.now = new Date('2026-11-24T23:05:00.000Z');
    try {
      const staff = { 'x-staff-key': 'parkfair-dev-staff-key' };
      const entry = await t.request('/parking-system/api/ticket-events/entry', { method: 'POST', headers: staff, json: { locationId: 12, licensePlate: 'RSV1234', entryTimeUtc: '2026-11-24T23:02:00.000Z' } });
      expect(entry.status).toBe(201);
      const { ticketNumber } = (await entry.json()) as { ticketNumber: string };
      const redeem = (token: string) => post(`/tickets/api/tickets/${ticketNumber}/apply-aggregator-payment/auth`, { reservationNumber: reservation.confirmationNumber }, token, { 'X-Forwarded-For': '203.0.113.90' });
      expect((await redeem(alice.idToken)).status).toBe(200);
      const used = v.parse(reservationSchema, await (await getReservation(alice, reservation.reservationId)).json());
      expect(used).toMatchObject({ isNotClaimed: false, canCancel: false });
      const cancel = await t.request(`/reservations/api/reservations/${reservation.reservationId}`, { method: 'DELETE', token: alice.idToken });
      expect(cancel.status).toBe(409);
      expect(await cancel.json()).toEqual({ message: RESERVATION_MESSAGES.alreadyRedeemed });
    } finally {
      t.clock.now = saved;
    }
  });

  it('a $0 total (the seeded HOTELGUEST coupon at Harmon Meadow, which charges no service fee) is confirmed at once, with no payment', async () => {
    const [host] = await t.db.query<{ location_id: number }>(`select location_id from locations where location_number = '5002'`);
    const rate = await quote(host?.location_id ?? 0, TUESDAY_6_PM, TUESDAY_9_PM, 'HOTELGUEST');
    expect(rate.rateWithTax + rate.serviceFeeAmount).toBe(0);
    const reservation = await reserveOk(alice, rate.rateInstanceId);
    expect(reservation).toMatchObject({ status: 'confirmed', totalCents: 0, paymentId: null });
    expect(await count('select count(*)::int as n from payments where system_entity_id = $1', [reservation.systemEntityId])).toBe(0);
    // Elsewhere the coupon is refused, and a 100 % coupon would still leave the area's fee.
    const elsewhere = await post('/rates/api/rates/coupons/HOTELGUEST/calculate', { locationId: 1, entryTimeUtc: TUESDAY_6_PM, exitTimeUtc: TUESDAY_9_PM });
    expect(elsewhere.status).toBe(400);
  });
});
