/**
 * Capacity that cannot be hoarded (decision 0102), through the real app on the built-in test
 * processor: a pending reservation holds its space for PENDING_HOLD_MINUTES and then neither counts
 * nor can be paid; paying re-checks the garage's spaces and the customer's limit in the confirm's
 * transaction; one account holds at most MAX_OVERLAPPING_PER_GARAGE overlapping reservations at a
 * garage; a crowd and a greedy account booking at once never exceed the garage's reservable spaces;
 * and 20 DELETEs of one paid reservation at once answer 200/409 with exactly one refund. Paying
 * inside the hold takes no garage lock (PostgreSQL run: PGlite has one connection).
 * The race across two server processes is in server/db/two-processes.api.test.ts (PostgreSQL only).
 */
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { paymentSetupSchema, savedPaymentMethodSchema } from '../../src/contract/payments.ts';
import { dailyRateSchema } from '../../src/contract/rates.ts';
import {
  createdReservationSchema, MAX_OVERLAPPING_PER_GARAGE, PENDING_HOLD_MINUTES, RESERVATION_MESSAGES, reservationPageSchema, reservationSchema,
} from '../../src/contract/reservations.ts';
import { createEmulatorUser, emulatorTokenVerifier, type EmulatorUser } from '../testing/emulator-users.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { ON_POSTGRES } from '../testing/test-db.ts';

// TEST_NOW is Monday 2026-11-23 2:00 PM in New York (19:00Z). Stays on Wednesday evening.
const WEDNESDAY_6_PM = Date.parse('2026-11-25T23:00:00.000Z');
const HOUR = 3_600_000;
const MINUTE = 60_000;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ verifyToken: emulatorTokenVerifier() });
});
afterAll(() => t.close());

/**
 * Every call comes from an address of its own (X-Forwarded-For; the test app trusts one proxy), as
 * a crowd's calls do: the emulator's token-guessing guard (server/lib/token-guessing.ts) counts
 * verifications in flight per address and per uid, so 20 parallel calls from one address would be
 * refused with 429 before they reach the reservations.
 */
let nextAddress = 0;
const fromAnAddress = () => {
  nextAddress += 1;
  return { 'X-Forwarded-For': `10.${(nextAddress >> 16) & 255}.${(nextAddress >> 8) & 255}.${nextAddress & 255}` };
};
const post = (path: string, json: unknown, token?: string) => t.request(path, { method: 'POST', json, headers: fromAnAddress(), ...(token ? { token } : {}) });
const get = (path: string, token: string) => t.request(path, { token, headers: fromAnAddress() });
const remove = (path: string, token: string) => t.request(path, { method: 'DELETE', token, headers: fromAnAddress() });

/** A quote from the rate engine; `shiftMinutes` moves the exit, so each is a distinct, overlapping stay. */
async function quote(locationId: number, shiftMinutes = 0, startMs = WEDNESDAY_6_PM): Promise<string> {
  const response = await post('/rates/api/rates/calculate', {
    locationId, entryTimeUtc: new Date(startMs).toISOString(), exitTimeUtc: new Date(startMs + 3 * HOUR + shiftMinutes * MINUTE).toISOString(),
  });
  expect(response.status).toBe(200);
  return v.parse(dailyRateSchema, await response.json()).rateInstanceId;
}

async function reserve(user: EmulatorUser, rateInstanceId: string) {
  const response = await post('/reservations/api/reservations', { rateInstanceId, isOversized: false }, user.idToken);
  const body = (await response.json()) as unknown;
  return { status: response.status, body, reservation: response.status < 300 ? v.parse(createdReservationSchema, body).reservation : undefined };
}

async function savedCard(user: EmulatorUser): Promise<number> {
  const setup = v.parse(paymentSetupSchema, await (await post('/payments/api/payments/setup/initialize', {}, user.idToken)).json());
  const card = (await (await post('/payments/api/test-processor/payment-methods', { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123', name: 'A', zip: '10001' })).json()) as { paymentMethodId: string };
  await post(`/payments/api/test-processor/setup-intents/${setup.clientSecret}/confirm`, { paymentMethodId: card.paymentMethodId });
  const complete = await post('/payments/api/payments/setup/complete', { transactionId: setup.transactionIntentId, providerCustomerId: setup.providerCustomerId, paymentMethodId: card.paymentMethodId }, user.idToken);
  return v.parse(savedPaymentMethodSchema, await complete.json()).customerPaymentMethodId;
}

const charge = (user: EmulatorUser, methodId: number, systemEntityId: string) => post(`/payments/api/payments/methods/${methodId}/charge`, { systemEntityId }, user.idToken);

/** Starts a browser payment (new card): the client secret is handed out now, the card confirmed later. */
async function startBrowserPayment(user: EmulatorUser, systemEntityId: string) {
  const started = await post('/payments/api/payments/initialize', { systemEntityId, savePaymentMethod: false }, user.idToken);
  expect(started.status).toBe(200);
  return (await started.json()) as { paymentId: number; clientSecret: string };
}

async function finishBrowserPayment(clientSecret: string) {
  const card = (await (await post('/payments/api/test-processor/payment-methods', { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123', name: 'A', zip: '10001' })).json()) as { paymentMethodId: string };
  expect((await post(`/payments/api/test-processor/payment-intents/${clientSecret}/confirm`, { paymentMethodId: card.paymentMethodId })).status).toBe(200);
}

async function count(sql: string, params: unknown[]) {
  const [row] = await t.db.query<{ n: number }>(sql, params);
  return row?.n ?? 0;
}

/** Reservations holding a space at a garage now: confirmed, or pending inside the hold. */
const holding = (locationId: number) =>
  count(`select count(*)::int as n from daily_reservations where location_id = $1 and (status = 'confirmed' or (status = 'pending' and hold_expires_at > $2))`, [locationId, t.clock.now]);
const processorRefunds = (paymentId: number) =>
  count('select count(*)::int as n from test_processor_refunds r join payments p on p.provider_intent_id = r.intent_id where p.payment_id = $1', [paymentId]);

async function atClock<T>(at: Date, work: () => Promise<T>): Promise<T> {
  const saved = t.clock.now;
  t.clock.now = at;
  try {
    return await work();
  } finally {
    t.clock.now = saved;
  }
}

const setCapacity = (locationId: number, capacity: number) => t.db.query('update locations set capacity = $2 where location_id = $1', [locationId, capacity]);

describe('a pending reservation holds its space for a short time', () => {
  it(`holds it from creation for ${PENDING_HOLD_MINUTES} minutes; then it no longer counts, cannot be paid, and asking again re-holds it only if there is room`, async () => {
    const garage = 20;
    await setCapacity(garage, 4); // one reservable space
    const [alice, bob] = await Promise.all([createEmulatorUser(), createEmulatorUser()]);
    const [aliceCard, bobCard] = await Promise.all([savedCard(alice), savedCard(bob)]);
    const aliceQuote = await quote(garage);
    // A triple click on the last space: one reservation, answered to every click.
    const clicks = await Promise.all([reserve(alice, aliceQuote), reserve(alice, aliceQuote), reserve(alice, aliceQuote)]);
    expect(clicks.map((click) => click.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(clicks.map((click) => click.reservation?.reservationId)).size).toBe(1);
    const pending = clicks[0]?.reservation ?? expect.fail('alice was refused');
    expect(pending.status).toBe('pending');
    const bobQuote = await quote(garage, 30);
    expect(await reserve(bob, bobQuote)).toMatchObject({ status: 409, body: { message: RESERVATION_MESSAGES.fullyBooked } });

    const created = t.clock.now.getTime();
    // A second before the hold ends it still holds the space.
    await atClock(new Date(created + PENDING_HOLD_MINUTES * MINUTE - 1000), async () => {
      expect((await reserve(bob, bobQuote)).status).toBe(409);
    });
    await atClock(new Date(created + PENDING_HOLD_MINUTES * MINUTE), async () => {
      // Expired: Alice can no longer pay it (nothing is charged) and Bob gets the space.
      const refused = await charge(alice, aliceCard, pending.systemEntityId);
      expect(refused.status).toBe(409);
      expect(await refused.json()).toMatchObject({ message: RESERVATION_MESSAGES.holdExpired });
      expect(await count('select count(*)::int as n from payments where system_entity_id = $1', [pending.systemEntityId])).toBe(0);
      const initialize = await post('/payments/api/payments/initialize', { systemEntityId: pending.systemEntityId, savePaymentMethod: false }, alice.idToken);
      expect(initialize.status).toBe(409);
      const bobs = (await reserve(bob, bobQuote)).reservation ?? expect.fail('bob was refused after the hold ran out');
      // Alice asking for her quote again: the garage is full now.
      expect(await reserve(alice, aliceQuote)).toMatchObject({ status: 409, body: { message: RESERVATION_MESSAGES.fullyBooked } });
      // Bob lets his go (a pending reservation can be cancelled): Alice's is held again, the same one, and payable.
      expect((await remove(`/reservations/api/reservations/${bobs.reservationId}`, bob.idToken)).status).toBe(200);
      const again = await reserve(alice, aliceQuote);
      expect(again).toMatchObject({ status: 200, reservation: { reservationId: pending.reservationId, status: 'pending' } });
      expect((await charge(alice, aliceCard, pending.systemEntityId)).status).toBe(200);
      expect((await reserve(bob, bobQuote)).status).toBe(409);
      expect(bobCard).toBeGreaterThan(0);
    });
  });
});

describe('paying re-checks the spaces in the confirm', () => {
  it('a browser payment that completes after the hold ran out, with the garage full by then, is not confirmed but refunded in full', async () => {
    const garage = 21;
    await setCapacity(garage, 4);
    const [alice, bob] = await Promise.all([createEmulatorUser(), createEmulatorUser()]);
    const bobCard = await savedCard(bob);
    const late = (await reserve(alice, await quote(garage))).reservation ?? expect.fail('alice was refused');
    // The reserve screen hands out the client secret while the space is held...
    const { paymentId, clientSecret } = await startBrowserPayment(alice, late.systemEntityId);
    await atClock(new Date(t.clock.now.getTime() + (PENDING_HOLD_MINUTES + 1) * MINUTE), async () => {
      // ...the hold runs out and Bob books and pays the last space...
      const bobs = (await reserve(bob, await quote(garage, 15))).reservation ?? expect.fail('bob was refused');
      expect((await charge(bob, bobCard, bobs.systemEntityId)).status).toBe(200);
      // ...then Alice's card is confirmed in the browser: the money is taken, the space is not there.
      await finishBrowserPayment(clientSecret);
      await expect.poll(() => processorRefunds(paymentId), { timeout: 5_000 }).toBe(1);
      const after = v.parse(reservationSchema, await (await get(`/reservations/api/reservations/${late.reservationId}`, alice.idToken)).json());
      expect(after).toMatchObject({ status: 'cancelled', paymentId, refund: { amount: late.total, status: 'succeeded' } });
      expect(await count(`select count(*)::int as n from daily_reservations where location_id = $1 and status = 'confirmed'`, [garage])).toBe(1);
      expect(await count(`select count(*)::int as n from aggregator_reservations where reservation_number = $1`, [late.confirmationNumber])).toBe(0);
    });
  });

  it('one that completes after the hold ran out while there is still room is confirmed', async () => {
    const garage = 22;
    await setCapacity(garage, 4);
    const alice = await createEmulatorUser();
    const reservation = (await reserve(alice, await quote(garage))).reservation ?? expect.fail('alice was refused');
    const { clientSecret } = await startBrowserPayment(alice, reservation.systemEntityId);
    await atClock(new Date(t.clock.now.getTime() + (PENDING_HOLD_MINUTES + 1) * MINUTE), async () => {
      await finishBrowserPayment(clientSecret);
      const after = v.parse(reservationSchema, await (await get(`/reservations/api/reservations/${reservation.reservationId}`, alice.idToken)).json());
      expect(after).toMatchObject({ status: 'confirmed', refund: null });
    });
  });
});

describe.skipIf(!ON_POSTGRES)('paying inside the hold waits for no other booking (PostgreSQL run)', () => {
  it("a payment well inside the hold confirms while another transaction holds the garage's lock; one in the hold's last minute waits for the lock and counts again", async () => {
    const garage = 23;
    await setCapacity(garage, 40);
    const alice = await createEmulatorUser();
    const card = await savedCard(alice);
    const early = (await reserve(alice, await quote(garage))).reservation ?? expect.fail('refused');
    const late = (await reserve(alice, await quote(garage, 15))).reservation ?? expect.fail('refused');
    const status = (id: number) => count(`select count(*)::int as n from daily_reservations where reservation_id = $1 and status = 'confirmed'`, [id]);
    const waitingForALock = () => count(
      `select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted and database = (select oid from pg_database where datname = current_database())`, [],
    );
    // Another booking at the garage, in the middle of its count: it holds the garage's lock.
    let release = () => {};
    const released = new Promise<void>((resolve) => { release = resolve; });
    let lockTaken = () => {};
    const taken = new Promise<void>((resolve) => { lockTaken = resolve; });
    const booking = t.db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`reservation-spaces:${garage}`]);
      lockTaken();
      await released;
    });
    try {
      await taken;
      // A bound on the wait, so that a payment that queues for the lock fails here, with the lock released after.
      const stillWaiting = new Promise<string>((resolve) => setTimeout(() => resolve('still waiting after 10 s'), 10_000));
      expect(await Promise.race([charge(alice, card, early.systemEntityId).then((response) => response.status), stillWaiting])).toBe(200);
      expect(await status(early.reservationId)).toBe(1);
      // 30 seconds of hold left: counted again under the lock, so it waits for the other booking.
      const lastMinute = atClock(new Date(t.clock.now.getTime() + PENDING_HOLD_MINUTES * MINUTE - 30_000), () => charge(alice, card, late.systemEntityId));
      await vi.waitFor(async () => expect(await waitingForALock()).toBe(1), { timeout: 10_000 });
      expect(await status(late.reservationId)).toBe(0);
      release();
      expect((await lastMinute).status).toBe(200);
      expect(await status(late.reservationId)).toBe(1);
    } finally {
      release();
      await booking;
    }
  });
});

describe('one account cannot hoard a garage', () => {
  it(`holds at most ${MAX_OVERLAPPING_PER_GARAGE} overlapping reservations at one garage, at create and at pay, with a 409 that says so`, async () => {
    const garage = 23;
    await setCapacity(garage, 400);
    const greedy = await createEmulatorUser();
    const quotes: string[] = [];
    for (let i = 0; i <= MAX_OVERLAPPING_PER_GARAGE; i += 1) quotes.push(await quote(garage, i * 5));
    const held = [];
    for (const id of quotes.slice(0, MAX_OVERLAPPING_PER_GARAGE)) held.push((await reserve(greedy, id)).reservation ?? expect.fail('refused under the limit'));
    const over = quotes[MAX_OVERLAPPING_PER_GARAGE] ?? '';
    expect(await reserve(greedy, over)).toMatchObject({ status: 409, body: { message: RESERVATION_MESSAGES.customerLimit } });
    // Other customers are not affected, nor is a stay that does not overlap (the next day), nor another garage.
    expect((await reserve(await createEmulatorUser(), await quote(garage, 25))).status).toBe(201);
    expect((await reserve(greedy, await quote(garage, 0, WEDNESDAY_6_PM + 24 * HOUR))).status).toBe(201);
    expect((await reserve(greedy, await quote(24, 0))).status).toBe(201);

    // At pay: a browser payment started on the first, which then lapses; a fifth is held meanwhile.
    const first = held[0] ?? expect.fail('none held');
    const { paymentId, clientSecret } = await startBrowserPayment(greedy, first.systemEntityId);
    await atClock(new Date(t.clock.now.getTime() + (PENDING_HOLD_MINUTES + 1) * MINUTE), async () => {
      // The other three lapsed too: renew them, and take the fifth stay.
      for (const id of quotes.slice(1)) expect((await reserve(greedy, id)).status).toBeLessThan(300);
      await finishBrowserPayment(clientSecret);
      await expect.poll(() => processorRefunds(paymentId), { timeout: 5_000 }).toBe(1);
      const after = v.parse(reservationSchema, await (await get(`/reservations/api/reservations/${first.reservationId}`, greedy.idToken)).json());
      expect(after).toMatchObject({ status: 'cancelled', refund: { status: 'succeeded' } });
    });
  });

  it('a crowd and one greedy account booking and paying at once: the reservable spaces are never exceeded, the greedy account is capped', async () => {
    const garage = 25;
    await setCapacity(garage, 40); // ten reservable spaces
    const crowd = await Promise.all(Array.from({ length: 8 }, () => createEmulatorUser()));
    const greedy = await createEmulatorUser();
    const users = [...crowd, greedy];
    const cards = await Promise.all(users.map(savedCard));
    const crowdQuotes = await Promise.all(crowd.map((_, i) => quote(garage, i)));
    const greedyQuotes = await Promise.all(Array.from({ length: 12 }, (_, i) => quote(garage, 10 + i)));
    const attempts = [
      ...crowd.map((user, i) => ({ user, card: cards[i] ?? 0, rateInstanceId: crowdQuotes[i] ?? '' })),
      ...greedyQuotes.map((rateInstanceId) => ({ user: greedy, card: cards[8] ?? 0, rateInstanceId })),
    ];
    const answers = await Promise.all(attempts.map(async (attempt) => ({ ...attempt, ...(await reserve(attempt.user, attempt.rateInstanceId)) })));
    expect(answers.filter((a) => a.status !== 201 && a.status !== 409).map((a) => [a.status, a.body])).toEqual([]);
    const refusals = new Set(answers.filter((a) => a.status === 409).map((a) => (a.body as { message: string }).message));
    expect([...refusals].every((message) => message === RESERVATION_MESSAGES.fullyBooked || message === RESERVATION_MESSAGES.customerLimit)).toBe(true);
    const created = answers.filter((a) => a.reservation);
    // Demand (8 + the greedy account's 4) is over the 10 spaces: all ten are taken, none more.
    expect(created).toHaveLength(10);
    expect(created.filter((a) => a.user === greedy).length).toBeLessThanOrEqual(MAX_OVERLAPPING_PER_GARAGE);
    expect(await holding(garage)).toBe(10);

    const paid = await Promise.all(created.map((a) => charge(a.user, a.card, a.reservation?.systemEntityId ?? '')));
    expect(paid.map((response) => response.status)).toEqual(created.map(() => 200));
    expect(await count(`select count(*)::int as n from daily_reservations where location_id = $1 and status = 'confirmed'`, [garage])).toBe(10);
    expect(await count(`select count(*)::int as n from daily_reservations where location_id = $1 and status = 'confirmed' and owner_uid = $2`, [garage, greedy.uid])).toBeLessThanOrEqual(MAX_OVERLAPPING_PER_GARAGE);
    // The greedy account's active list shows what it holds (the list reads the stay from the row).
    const list = v.parse(reservationPageSchema, await (await get('/reservations/api/reservations/active?page=0&pageSize=100', greedy.idToken)).json());
    expect(list.results.every((r) => r.status === 'confirmed')).toBe(true);
    expect(list.totalElementCount).toBe(created.filter((a) => a.user === greedy).length);
  });
});

describe('cancelling at once', () => {
  it('20 DELETEs at once of each of 8 paid reservations answer 200 or 409, never 500, with exactly one refund each', async () => {
    const alice = await createEmulatorUser();
    const card = await savedCard(alice);
    // Eight paid reservations on eight evenings (one account, so no two overlap).
    const paid: Array<{ reservationId: number; paymentId: number }> = [];
    for (let day = 0; day < 8; day += 1) {
      const reservation = (await reserve(alice, await quote(26, 0, WEDNESDAY_6_PM + day * 24 * HOUR))).reservation ?? expect.fail('refused');
      const charged = await charge(alice, card, reservation.systemEntityId);
      expect(charged.status).toBe(200);
      paid.push({ reservationId: reservation.reservationId, paymentId: ((await charged.json()) as { paymentId: number }).paymentId });
    }
    // One reservation's 20 at a time, as the attack was run.
    const answers: string[] = [];
    for (const { reservationId } of paid) {
      answers.push(...(await Promise.all(Array.from({ length: 20 }, async () => {
        const response = await remove(`/reservations/api/reservations/${reservationId}`, alice.idToken);
        return `${response.status} ${(await response.text()).slice(0, 120)}`;
      }))));
    }
    expect(answers.filter((answer) => !answer.startsWith('200') && !answer.startsWith('409'))).toEqual([]);
    for (const { reservationId, paymentId } of paid) {
      await expect.poll(async () => v.parse(reservationSchema, await (await get(`/reservations/api/reservations/${reservationId}`, alice.idToken)).json()).refund?.status).toBe('succeeded');
      expect(await processorRefunds(paymentId)).toBe(1);
      expect(await count('select count(*)::int as n from payment_refunds where payment_id = $1', [paymentId])).toBe(1);
    }
  });
});
