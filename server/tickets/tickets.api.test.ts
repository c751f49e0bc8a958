import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { paymentInitSchema } from '../../src/contract/payments.ts';
import { aggregatorReservationSchema } from '../../src/contract/tickets.ts';
import { createEmulatorUser, emulatorTokenVerifier, type EmulatorUser } from '../testing/emulator-users.ts';
import { createStaffUser } from '../staff/staff-testing.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { createMerchant, issueCode } from '../validations/validations-testing.ts';
import { CALL_BODY, STAFF_HEADERS as STAFF, TICKETS_BASE as BASE, ticketTestKit } from '../testing/ticket-test-kit.ts';

// Seeded (server/parking-system/seed.ts): entry times before TEST_NOW.
const PAPER_TICKET = '10442611230001004821001'; // location 1 (lot 1044), 2 h 15 min
const LOT3_TICKET = '10422611230002007390002'; // location 3, 45 min
const CLAIMED_TICKET = 'PF7K2QX'; // demo-driver-1's

let t: TestApp;
let alice: EmulatorUser;
let bob: EmulatorUser;

beforeAll(async () => {
  t = await createTestApp({ verifyToken: emulatorTokenVerifier() });
  [alice, bob] = await Promise.all([createEmulatorUser(), createEmulatorUser()]);
});
afterAll(async () => t.close());

const { messageOf, post, sessionOf, gateTicket } = ticketTestKit(() => t);



describe('calculate-rate', () => {
  it('answers the retrieve-car session for a scanned paper ticket, signed out', async () => {
    const session = await sessionOf(await post(`/tickets/${PAPER_TICKET}/calculate-rate`));
    expect(session).toMatchObject({
      ticketNumber: PAPER_TICKET, locationNumber: '1044', minutes: 135, amountPaid: 0, isMonthlyTicket: false,
      appliedPromotionCode: null, isFullyCoveredByCoupon: false, isUserAtLocation: false, reservationNumber: null, status: 'open',
    });
    expect(session.address1).not.toBe('');
    expect(session.amount).toBeGreaterThan(0);
    expect(session.amountDue).toBeCloseTo(session.amount + session.serviceFeeAmount, 2);
  });

  it('the amount grows as time passes', async () => {
    const before = await sessionOf(await post(`/tickets/${PAPER_TICKET}/calculate-rate`));
    const saved = t.clock.now;
    t.clock.now = new Date(saved.getTime() + 8 * 3_600_000);
    const after = await sessionOf(await post(`/tickets/${PAPER_TICKET}/calculate-rate`));
    t.clock.now = saved;
    expect(after.minutes).toBe(before.minutes + 480);
    expect(after.amount).toBeGreaterThan(before.amount);
  });

  it('accepts a location key with the ticketId in the body for a ticket the caller claimed, never for an unclaimed paper ticket', async () => {
    const { ticketId } = await sessionOf(await post(`/tickets/${PAPER_TICKET}/calculate-rate`));
    // Ticket ids are sequential: guessing one must not reach a paper ticket (calling its car needs the number).
    expect((await post('/tickets/1044/calculate-rate', { ...CALL_BODY, ticketId })).status).toBe(404);
    expect((await post('/tickets/1044/call-car', { ...CALL_BODY, ticketId }, bob.idToken)).status).toBe(404);
    await t.db.query('update garage_tickets set customer_uid = $1 where ticket_id = $2', [alice.uid, ticketId]);
    try {
      expect((await sessionOf(await post('/tickets/1044/calculate-rate', { ...CALL_BODY, ticketId }, alice.idToken))).ticketNumber).toBe(PAPER_TICKET);
      expect((await sessionOf(await post('/tickets/1/calculate-rate', { ...CALL_BODY, ticketId: String(ticketId) }, alice.idToken))).ticketNumber).toBe(PAPER_TICKET);
      expect((await post('/tickets/1044/calculate-rate', { ...CALL_BODY, ticketId }, bob.idToken)).status).toBe(404);
    } finally {
      await t.db.query('update garage_tickets set customer_uid = null where ticket_id = $1', [ticketId]);
    }
    const noId = await post('/tickets/1044/calculate-rate');
    expect(noId.status).toBe(400);
    expect(await messageOf(noId)).toBe('ticketId is required when the path names a location instead of a ticket.');
    expect((await post('/tickets/1042/calculate-rate', { ...CALL_BODY, ticketId })).status).toBe(404);
  });

  it.each([
    ['ABCDE', 400, 'The path must name a ticket (23 digits, or 6 to 7 letters and digits) or a location number.'],
    ['1'.repeat(25), 400, 'Maximum length of QR Code should not be greater than 23 characters'],
    ['99999999999999999999999', 404, 'Ticket 99999999999999999999999 was not found.'],
    ['QQQ9999', 404, 'Ticket QQQ9999 was not found.'],
  ])('key %s → %i with a message', async (key, status, message) => {
    const response = await post(`/tickets/${key}/calculate-rate`);
    expect(response.status).toBe(status);
    expect(await messageOf(response)).toBe(message);
  });

  it('answers 400, not 500, for a key with broken % escapes (the key is decoded once, by the router)', async () => {
    for (const key of ['%E0%A4%A', '%', 'PF7K2QX%ZZ', '100%25']) {
      const response = await post(`/tickets/${key}/calculate-rate`);
      expect(response.status, key).toBe(400);
      expect(await messageOf(response)).toBe('The path must name a ticket (23 digits, or 6 to 7 letters and digits) or a location number.');
    }
  });

  it('apply-payment with a coupon code that fails its rule is 400 with the rule', async () => {
    const response = await post(`/tickets/${PAPER_TICKET}/apply-payment`, { code: 'NOT A CODE!' });
    expect(response.status).toBe(400);
    expect(await messageOf(response)).toBe('Invalid request body: code: A coupon code has only letters and digits.');
  });

  it('validates the body', async () => {
    const response = await post(`/tickets/${PAPER_TICKET}/calculate-rate`, { ...CALL_BODY, parkingAggregatorType: 7 });
    expect(response.status).toBe(400);
    expect(await messageOf(response)).toContain('parkingAggregatorType must be 500');
  });

  it("the /auth variants need a token, and another customer's ticket is not found", async () => {
    expect((await post(`/tickets/${PAPER_TICKET}/calculate-rate/auth`)).status).toBe(401);
    expect((await post(`/tickets/${PAPER_TICKET}/calculate-rate/auth`, CALL_BODY, alice.idToken)).status).toBe(200);
    for (const response of [await post(`/tickets/${CLAIMED_TICKET}/calculate-rate/auth`, CALL_BODY, alice.idToken), await post(`/tickets/${CLAIMED_TICKET}/calculate-rate`)]) {
      expect(response.status).toBe(404);
      expect(await messageOf(response)).toBe(`Ticket ${CLAIMED_TICKET} was not found.`);
    }
  });
});

describe('call-car, report-arrival and the attendant queue', () => {
  it('queues the car once and shows it to the attendant', async () => {
    const ticketNumber = await gateTicket(6, 'CALL1', 60);
    expect((await sessionOf(await post(`/tickets/${ticketNumber}/call-car`))).isCarCalled).toBe(true);
    expect((await sessionOf(await post(`/tickets/${ticketNumber}/call-car-and-get-rate/auth`, CALL_BODY, alice.idToken))).minutes).toBe(60);
    expect((await sessionOf(await post(`/tickets/${ticketNumber}/report-arrival`))).isUserAtLocation).toBe(true);

    // The attendant signs in with a staff account: no token 401, a customer 403, the old shared key is no way in.
    const attendant = await createStaffUser();
    expect((await t.request(`${BASE}/attendant/locations/6/call-queue`)).status).toBe(401);
    expect((await t.request(`${BASE}/attendant/locations/6/call-queue`, { headers: STAFF })).status).toBe(401);
    expect((await t.request(`${BASE}/attendant/locations/6/call-queue`, { token: alice.idToken })).status).toBe(403);
    const queue = (await (await t.request(`${BASE}/attendant/locations/6/call-queue`, { token: attendant.idToken })).json()) as { results: { callId: number; ticketNumber: string; isUserAtLocation: boolean }[] };
    expect(queue.results.filter((call) => call.ticketNumber === ticketNumber)).toEqual([expect.objectContaining({ licensePlate: 'CALL1', isUserAtLocation: true })]);
    const callId = queue.results[0]?.callId ?? 0;
    expect((await t.request(`${BASE}/attendant/locations/6/call-queue/${callId}/delivered`, { method: 'POST', token: alice.idToken })).status).toBe(403);
    expect((await t.request(`${BASE}/attendant/locations/6/call-queue/${callId}/delivered`, { method: 'POST', token: attendant.idToken })).status).toBe(200);
    expect((await t.request(`${BASE}/attendant/locations/6/call-queue/${callId}/delivered`, { method: 'POST', token: attendant.idToken })).status).toBe(404);
  });
});

describe('aggregator reservations', () => {
  it('looks up seeded reservations by service and number', async () => {
    const found = await t.request(`${BASE}/aggregator-reservations/spothero/48213977`);
    expect(found.status).toBe(200);
    expect(v.parse(aggregatorReservationSchema, await found.json())).toMatchObject({ aggregator: 'SpotHero', locationId: 3, rate: 19.5, isRedeemed: false });
    const missing = await t.request(`${BASE}/aggregator-reservations/parkwhiz/48213977`);
    expect(missing.status).toBe(404);
    expect(await messageOf(missing)).toBe('Reservation 48213977 was not found. Please check the service and the reservation number.');
    expect((await t.request(`${BASE}/aggregator-reservations/uber/48213977`)).status).toBe(400);
    expect((await t.request(`${BASE}/aggregator-reservations/parkfair/pf-2611-8k3m`)).status).toBe(200);
  });

  it('previews the fit, redeems a reservation once, and settles a ticket it pays in full', async () => {
    const elsewhere = await sessionOf(await post(`/tickets/${PAPER_TICKET}/calculate-aggregator-payment`, { reservationNumber: '48213977' }));
    expect(elsewhere.reservationFit).toBe('DoesntApply');
    expect((await post(`/tickets/${PAPER_TICKET}/apply-aggregator-payment`, { reservationNumber: '48213977' })).status).toBe(409);

    const preview = await sessionOf(await post(`/tickets/${LOT3_TICKET}/calculate-aggregator-payment`, { reservationNumber: '48213977' }));
    expect(preview).toMatchObject({ reservationFit: 'PaidInFull', amountDue: 0, reservationNumber: '48213977', status: 'open' });
    const redeemed = await sessionOf(await post(`/tickets/${LOT3_TICKET}/apply-aggregator-payment`, { reservationNumber: '48213977' }));
    expect(redeemed).toMatchObject({ reservationFit: 'PaidInFull', amountDue: 0, reservationNumber: '48213977', status: 'paid' });

    const other = await gateTicket(3, 'RSV2', 10);
    const twice = await post(`/tickets/${other}/apply-aggregator-payment`, { reservationNumber: '48213977' });
    expect(twice.status).toBe(409);
    expect(await messageOf(twice)).toBe('Reservation 48213977 has already been redeemed.');
    expect((await post(`/tickets/${other}/apply-aggregator-payment`, { reservationNumber: '00000000' })).status).toBe(404);
  });
});

describe('a reservation checked on a ticket says which it was', () => {
  it('answers with the reservation, so an expired one or one for another garage can be said plainly', async () => {
    // SpotHero 47120588 is for garage 1 (123 W 44th St) and ended three days ago.
    const expired = await sessionOf(await post(`/tickets/${PAPER_TICKET}/calculate-aggregator-payment`, { reservationNumber: '47120588' }));
    expect(expired.reservation).toMatchObject({ reservationNumber: '47120588', aggregator: 'SpotHero', locationId: 1, address: '123 W 44th St', isRedeemed: false });
    expect(Date.parse(expired.reservation?.checkOut ?? '')).toBeLessThan(Date.parse('2026-11-23T19:00:00Z'));
    const elsewhere = await sessionOf(await post(`/tickets/${PAPER_TICKET}/calculate-aggregator-payment`, { reservationNumber: '1186001932' }));
    expect(elsewhere.reservation).toMatchObject({ locationId: 27 });
  });
});

describe('coupons on tickets', () => {
  it('previews, applies, refuses a second code, removes, and flags a fully covered ticket', async () => {
    const ticketNumber = await gateTicket(7, 'CPN1', 120);
    const plain = await sessionOf(await post(`/tickets/${ticketNumber}/calculate-rate`));
    // A merchant validation: staff set up a partner shop of garage 7, whose key issues a single-use code for this ticket.
    const shop = await createMerchant(t, (await createStaffUser()).idToken, { name: 'Garage 7 Deli', locationIds: [7] });
    const { code, displayCode } = await issueCode(t, shop.apiKey, { ticketNumber });

    const preview = await sessionOf(await post(`/tickets/${ticketNumber}/coupons/${displayCode.toLowerCase()}/calculate-rate`, { ticketId: plain.ticketId }));
    expect(preview).toMatchObject({ appliedPromotionCode: code, isFullyCoveredByCoupon: true, amount: 0, amountDue: 0, serviceFeeAmount: 0 });
    expect((await sessionOf(await post(`/tickets/${ticketNumber}/calculate-rate`))).appliedPromotionCode).toBeNull();

    const applied = await sessionOf(await post(`/tickets/${ticketNumber}/coupons/WELCOME-10`, {}));
    expect(applied).toMatchObject({ appliedPromotionCode: 'WELCOME10', isFullyCoveredByCoupon: false });
    expect(applied.amount).toBeLessThan(plain.amount);
    const second = await post(`/tickets/${ticketNumber}/coupons/${code}`, {});
    expect(second.status).toBe(409);
    expect(await messageOf(second)).toBe('The coupon code WELCOME10 is already applied to this ticket. Remove it to use another one.');

    const removed = await sessionOf(await t.request(`${BASE}/tickets/${ticketNumber}/coupons/WELCOME10`, { method: 'DELETE' }));
    expect(removed).toMatchObject({ appliedPromotionCode: null, amount: plain.amount });
    const again = await t.request(`${BASE}/tickets/${ticketNumber}/coupons/WELCOME10`, { method: 'DELETE' });
    expect(again.status).toBe(404);
    expect(await messageOf(again)).toBe('The coupon code WELCOME10 is not applied to this ticket.');

    const redeemed = await sessionOf(await post(`/tickets/${ticketNumber}/coupons/${code}/redeem/auth`, {}, alice.idToken));
    expect(redeemed).toMatchObject({ appliedPromotionCode: code, isFullyCoveredByCoupon: true, amountDue: 0, status: 'paid' });
    expect((await t.request(`${BASE}/tickets/${ticketNumber}/coupons/${code}`, { method: 'DELETE' })).status).toBe(409);
  });

  it('refuses unknown, expired and malformed codes with the message', async () => {
    const cases: [string, number, string | RegExp][] = [
      ['NOPE', 404, 'The coupon code NOPE is not valid.'],
      // The old standing merchant validation coupon: gone (migration 0091); validations are issued per customer.
      ['VALIDATED', 404, 'The coupon code VALIDATED is not valid.'],
      ['SUMMER26', 400, /^The coupon code SUMMER26 expired on /],
      ['MONTHLY50', 400, 'The coupon code MONTHLY50 can only be used for monthly parking.'],
      ['A'.repeat(41), 400, /at most 40 characters/],
    ];
    for (const [code, status, message] of cases) {
      const response = await post(`/tickets/${PAPER_TICKET}/coupons/${code}`, {});
      expect(response.status).toBe(status);
      expect(await messageOf(response)).toMatch(message);
    }
  });
});

describe('paying a ticket', () => {
  it('refuses apply-payment while a card balance is due', async () => {
    const ticketNumber = await gateTicket(8, 'DUE1', 30);
    const response = await post(`/tickets/${ticketNumber}/apply-payment/auth`, {}, alice.idToken);
    expect(response.status).toBe(402);
    expect(await messageOf(response)).toMatch(/^A balance of \$\d+\.\d\d is due on this ticket\./);
  });

  it('takes one card payment for the amount due, applies it once, and refuses paying twice', async () => {
    const ticketNumber = await gateTicket(9, 'PAY1', 100);
    const due = await sessionOf(await post(`/tickets/${ticketNumber}/calculate-rate/auth`, CALL_BODY, alice.idToken));
    const systemEntityId = `ticket:${ticketNumber}`;
    const init = await t.request('/payments/api/payments/initialize', { method: 'POST', token: alice.idToken, json: { systemEntityId } });
    expect(init.status).toBe(200);
    const { paymentId, clientSecret } = v.parse(paymentInitSchema, await init.json());
    const card = (await (await t.request('/payments/api/test-processor/payment-methods', { method: 'POST', json: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123', name: 'Alice Driver', zip: '10001' } })).json()) as { paymentMethodId: string };
    expect((await t.request(`/payments/api/test-processor/payment-intents/${clientSecret}/confirm`, { method: 'POST', json: { paymentMethodId: card.paymentMethodId } })).status).toBe(200);

    const [payment] = await t.db.query<{ amount_cents: number }>('select amount_cents from payments where payment_id = $1', [paymentId]);
    expect(payment?.amount_cents).toBe(Math.round(due.amountDue * 100));

    const applied = await sessionOf(await post(`/tickets/${ticketNumber}/apply-payment/auth`, {}, alice.idToken));
    expect(applied).toMatchObject({ status: 'paid', amountDue: 0, amountPaid: due.amountDue });

    const applyAgain = await post(`/tickets/${ticketNumber}/apply-payment/auth`, {}, alice.idToken);
    expect(applyAgain.status).toBe(409);
    expect(await messageOf(applyAgain)).toBe('This ticket has already been paid.');
    const payAgain = await t.request('/payments/api/payments/initialize', { method: 'POST', token: alice.idToken, json: { systemEntityId } });
    expect(payAgain.status).toBe(409);
    const [count] = await t.db.query<{ n: number }>(`select count(*)::int as n from payments where system_entity_id = $1 and status = 'succeeded'`, [systemEntityId]);
    expect(count?.n).toBe(1);

    // Paying claimed the ticket: it is now Alice's alone.
    expect((await post(`/tickets/${ticketNumber}/calculate-rate/auth`, CALL_BODY, bob.idToken)).status).toBe(404);
    const bobPays = await t.request('/payments/api/payments/initialize', { method: 'POST', token: bob.idToken, json: { systemEntityId } });
    expect([404, 409]).toContain(bobPays.status);

    // Inside the grace period after payment the gate lets the car out.
    const exit = await t.request('/parking-system/api/ticket-events/exit', { method: 'POST', headers: STAFF, json: { ticketNumber, exitTime: t.clock.now.toISOString() } });
    expect(exit.status).toBe(200);
    expect((await post(`/tickets/${ticketNumber}/call-car/auth`, CALL_BODY, alice.idToken)).status).toBe(409);
  });
});
