/**
 * Plate mismatch, minimum charge with audit review (spec 3 §4, §8) and the overstay second
 * payment, through the real app. Time moves with the pinned test clock (restored after each use).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { paymentInitSchema } from '../../src/contract/payments.ts';
import { AUDIT_TICKET, OVERSTAY_TICKET } from '../parking-system/seed.ts';
import { createEmulatorUser, emulatorTokenVerifier, type EmulatorUser } from '../testing/emulator-users.ts';
import { createStaffUser } from '../staff/staff-testing.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { CALL_BODY, STAFF_HEADERS as STAFF, TICKETS_BASE as BASE, ticketTestKit } from '../testing/ticket-test-kit.ts';

const HOUR_MS = 3_600_000;

let t: TestApp;
let alice: EmulatorUser;

beforeAll(async () => {
  t = await createTestApp({ verifyToken: emulatorTokenVerifier() });
  alice = await createEmulatorUser();
});
afterAll(async () => t.close());

const { messageOf, post, sessionOf, gateTicket } = ticketTestKit(() => t);

const rate = (ticketNumber: string, extra: object = {}, token?: string) => post(`/tickets/${ticketNumber}/calculate-rate${token ? '/auth' : ''}`, { ...CALL_BODY, ...extra }, token);
const cents = (dollars: number) => Math.round(dollars * 100);


/** Pays `systemEntityId` with a new test card (initialize → tokenise → confirm); the initialize response. */
async function payWithCard(systemEntityId: string, token: string): Promise<Response> {
  const init = await t.request('/payments/api/payments/initialize', { method: 'POST', token, json: { systemEntityId } });
  if (init.status !== 200) return init;
  const { clientSecret } = v.parse(paymentInitSchema, await init.clone().json());
  const card = (await (await t.request('/payments/api/test-processor/payment-methods', { method: 'POST', json: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123', name: 'Alice', zip: '10001' } })).json()) as { paymentMethodId: string };
  expect((await t.request(`/payments/api/test-processor/payment-intents/${clientSecret}/confirm`, { method: 'POST', json: { paymentMethodId: card.paymentMethodId } })).status).toBe(200);
  return init;
}

async function withClockAdvanced<T>(ms: number, run: () => Promise<T>): Promise<T> {
  const saved = t.clock.now;
  t.clock.now = new Date(saved.getTime() + ms);
  try {
    return await run();
  } finally {
    t.clock.now = saved;
  }
}

describe('plate mismatch', () => {
  it('compares the plate the driver typed with the car the garage recorded', async () => {
    const ticketNumber = await gateTicket(10, 'PLT100', 60);
    expect((await sessionOf(await rate(ticketNumber))).isPlateMismatch).toBe(false);
    expect((await sessionOf(await rate(ticketNumber, { licensePlate: ' plt100 ' }))).isPlateMismatch).toBe(false);
    const other = await sessionOf(await rate(ticketNumber, { licensePlate: 'XYZ999' }));
    expect(other).toMatchObject({ isPlateMismatch: true, isAuditReview: false, isMinimumCharge: false });
    // Typed as written on the car ("plt-100") it is the same plate; other characters are refused.
    expect((await sessionOf(await rate(ticketNumber, { licensePlate: 'plt-100' }))).isPlateMismatch).toBe(false);
    const bad = await rate(ticketNumber, { licensePlate: 'AB#12' });
    expect(bad.status).toBe(400);
    expect(await messageOf(bad)).toMatch('License Plate must contain only letters and numbers');
  });

  it("checks a signed-in driver's vehicles when no plate is typed", async () => {
    const ticketNumber = await gateTicket(11, 'VEH200', 60);
    // No vehicles on the account: nothing to compare, no warning.
    expect((await sessionOf(await rate(ticketNumber, {}, alice.idToken))).isPlateMismatch).toBe(false);
    await t.db.query(
      `insert into vehicles (owner_uid, license_plate, original_license_plate, vehicle_type_id, make, model, country, state, color, year, created_at, updated_at)
       values ($1, 'OTHER1', 'OTHER1', 1, 'Honda', 'Civic', 'United States', 'NY', 'Blue', 2020, now(), now())`,
      [alice.uid],
    );
    expect((await sessionOf(await rate(ticketNumber, {}, alice.idToken))).isPlateMismatch).toBe(true);
    await t.db.query(
      `insert into vehicles (owner_uid, license_plate, original_license_plate, vehicle_type_id, make, model, country, state, color, year, created_at, updated_at)
       values ($1, 'VEH200', 'VEH200', 1, 'Honda', 'Fit', 'United States', 'NY', 'Red', 2019, now(), now())`,
      [alice.uid],
    );
    expect((await sessionOf(await rate(ticketNumber, {}, alice.idToken))).isPlateMismatch).toBe(false);
  });
});

describe('minimum charge with audit review', () => {
  it('going on with an unmatched plate charges the garage minimum, whatever the time, and queues an audit', async () => {
    const fresh = await sessionOf(await rate(await gateTicket(12, 'MIN030', 30)));
    const ticketNumber = await gateTicket(12, 'MIN500', 5 * 60);
    const before = await sessionOf(await rate(ticketNumber));

    const confirmed = await sessionOf(await post(`/tickets/${ticketNumber}/confirm-plate`, { licensePlate: 'MIN501' }));
    // The minimum rate is the lowest price on the day's board: never more than a 30-minute stay or the stay itself.
    expect(confirmed).toMatchObject({ isAuditReview: true, isMinimumCharge: true, isPlateMismatch: true, minutes: 300 });
    expect(confirmed.amount).toBeGreaterThan(0);
    expect(confirmed.amount).toBeLessThanOrEqual(Math.min(fresh.amount, before.amount));
    expect(cents(confirmed.amountDue)).toBe(cents(confirmed.amount) + cents(confirmed.serviceFeeAmount));
    const later = await withClockAdvanced(8 * HOUR_MS, async () => sessionOf(await rate(ticketNumber)));
    expect(later).toMatchObject({ amount: confirmed.amount, isMinimumCharge: true, minutes: 780 });

    // Again, or with the right plate: nothing changes.
    expect((await sessionOf(await post(`/tickets/${ticketNumber}/confirm-plate`, { licensePlate: 'MIN502' }))).amount).toBe(confirmed.amount);
    const [event] = await t.db.query<{ n: number }>("select count(*)::int as n from ticket_events e join garage_tickets g using (ticket_id) where g.ticket_number = $1 and e.kind = 'audit'", [ticketNumber]);
    expect(event?.n).toBe(1);

    const auditor = await createStaffUser();
    const queue = await t.request(`${BASE}/attendant/locations/12/audit-reviews`, { token: auditor.idToken });
    expect(queue.status).toBe(200);
    const { results } = (await queue.json()) as { results: { ticketNumber: string; recordedPlate: string; enteredPlate: string }[] };
    expect(results).toContainEqual(expect.objectContaining({ ticketNumber, recordedPlate: 'MIN500', enteredPlate: 'MIN501' }));
    expect((await t.request(`${BASE}/attendant/locations/12/audit-reviews`)).status).toBe(401);
    expect((await t.request(`${BASE}/attendant/locations/12/audit-reviews`, { headers: STAFF })).status).toBe(401);
  });

  it('a matching plate is not flagged; a paid ticket cannot be; bad bodies are 400', async () => {
    const ticketNumber = await gateTicket(13, 'MAT100', 90);
    expect(await sessionOf(await post(`/tickets/${ticketNumber}/confirm-plate`, { licensePlate: 'mat100' }))).toMatchObject({ isAuditReview: false, isPlateMismatch: false });
    expect((await post(`/tickets/${ticketNumber}/confirm-plate`, {})).status).toBe(400);
    expect((await post(`/tickets/${ticketNumber}/confirm-plate`, { licensePlate: 'A'.repeat(11) })).status).toBe(400);
    expect((await payWithCard(`ticket:${ticketNumber}`, alice.idToken)).status).toBe(200);
    const paid = await post(`/tickets/${ticketNumber}/confirm-plate/auth`, { licensePlate: 'OTHER9' }, alice.idToken);
    expect(paid.status).toBe(409);
    expect(await messageOf(paid)).toBe('The license plate cannot be changed on a ticket that has already been paid.');
    expect((await post('/tickets/NOPE12/confirm-plate', { licensePlate: 'OTHER9' })).status).toBe(404);
  });

  it('the seeded audit ticket is charged the minimum', async () => {
    const session = await sessionOf(await rate(AUDIT_TICKET.ticketNumber));
    expect(session).toMatchObject({ isAuditReview: true, isMinimumCharge: true, minutes: AUDIT_TICKET.enteredMinutesAgo, status: 'open' });
  });
});

describe('overstay: a second payment for the time after the grace period', () => {
  it('owes the difference after the grace period, takes a second card payment once, and lets the car out', async () => {
    const ticketNumber = await gateTicket(14, 'OVR100', 40);
    const first = await sessionOf(await rate(ticketNumber, {}, alice.idToken));
    expect(first.paymentEntityId).toBe(`ticket:${ticketNumber}`);
    expect((await payWithCard(first.paymentEntityId, alice.idToken)).status).toBe(200);
    const paid = await sessionOf(await rate(ticketNumber, {}, alice.idToken));
    expect(paid).toMatchObject({ status: 'paid', amountDue: 0, amountPaid: first.amountDue, paymentEntityId: `ticket:${ticketNumber}.2` });
    expect(paid.exitBy).toBe(new Date(t.clock.now.getTime() + 15 * 60_000).toISOString());

    await withClockAdvanced(3 * HOUR_MS, async () => {
      const over = await sessionOf(await rate(ticketNumber, {}, alice.idToken));
      expect(over).toMatchObject({ status: 'paid', exitBy: null, amountPaid: first.amountDue, paymentEntityId: `ticket:${ticketNumber}.2` });
      expect(over.amount).toBeGreaterThan(first.amount);
      expect(cents(over.amountDue)).toBe(cents(over.amount) + cents(over.serviceFeeAmount) - cents(first.amountDue));
      const exit = await t.request('/parking-system/api/ticket-events/exit', { method: 'POST', headers: STAFF, json: { ticketNumber, exitTime: t.clock.now.toISOString() } });
      expect(exit.status).toBe(409);

      // The first balance cannot be paid again, nor a payment number from the future.
      const again = await t.request('/payments/api/payments/initialize', { method: 'POST', token: alice.idToken, json: { systemEntityId: `ticket:${ticketNumber}` } });
      expect(again.status).toBe(409);
      expect(await messageOf(again)).toBe('This ticket has already been paid.');
      const ahead = await t.request('/payments/api/payments/initialize', { method: 'POST', token: alice.idToken, json: { systemEntityId: `ticket:${ticketNumber}.3` } });
      expect(ahead.status).toBe(409);

      const init = await payWithCard(over.paymentEntityId, alice.idToken);
      expect(init.status).toBe(200);
      const { paymentId } = v.parse(paymentInitSchema, await init.json());
      const [payment] = await t.db.query<{ amount_cents: number }>('select amount_cents from payments where payment_id = $1', [paymentId]);
      expect(payment?.amount_cents).toBe(cents(over.amountDue));

      const settled = await sessionOf(await rate(ticketNumber, {}, alice.idToken));
      expect(settled).toMatchObject({ amountDue: 0, paymentEntityId: `ticket:${ticketNumber}.3` });
      expect(cents(settled.amountPaid)).toBe(cents(first.amountDue) + cents(over.amountDue));
      const twice = await t.request('/payments/api/payments/initialize', { method: 'POST', token: alice.idToken, json: { systemEntityId: `ticket:${ticketNumber}.2` } });
      expect(twice.status).toBe(409);
      expect(await messageOf(twice)).toBe('This balance has already been paid.');
      const [count] = await t.db.query<{ n: number }>(
        `select count(*)::int as n from payments where (system_entity_id = $1 or system_entity_id like $1 || '.%') and status = 'succeeded'`,
        [`ticket:${ticketNumber}`],
      );
      expect(count?.n).toBe(2);
      const leave = await t.request('/parking-system/api/ticket-events/exit', { method: 'POST', headers: STAFF, json: { ticketNumber, exitTime: t.clock.now.toISOString() } });
      expect(leave.status).toBe(200);
    });
  });

  it('the seeded overstay ticket owes a balance on its second payment', async () => {
    const session = await sessionOf(await rate(OVERSTAY_TICKET.ticketNumber));
    expect(session.amountPaid).toBeGreaterThan(0);
    expect(session.amountDue).toBeGreaterThan(0);
    expect(session).toMatchObject({ status: 'paid', exitBy: null, paymentEntityId: `ticket:${OVERSTAY_TICKET.ticketNumber}.2` });
  });
});
