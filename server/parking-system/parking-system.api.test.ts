import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { garageTicketSchema, provisionalPassSchema, resultsSchema, ticketRateSchema } from '../../src/contract/parking-system.ts';
import { createEmulatorUser, emulatorTokenVerifier, type EmulatorUser } from '../testing/emulator-users.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { STAFF_KEY_HEADER } from './staff-key.ts';
import { STAFF_HEADERS as STAFF, ticketTestKit } from '../testing/ticket-test-kit.ts';
import { insertVehicle } from '../testing/insert-vehicle.ts';

const BASE = '/parking-system/api';
const PAPER_TICKET = '10442611230001004821001'; // location 1, NYC4821, entered 2 h 15 min before TEST_NOW

let t: TestApp;
let alice: EmulatorUser;
let bob: EmulatorUser;

beforeAll(async () => {
  t = await createTestApp({ verifyToken: emulatorTokenVerifier() });
  [alice, bob] = await Promise.all([createEmulatorUser(), createEmulatorUser()]);
});
afterAll(async () => t.close());

const { messageOf, minutesAgo } = ticketTestKit(() => t);
const later = (minutes: number) => {
  t.clock.now = new Date(t.clock.now.getTime() + minutes * 60_000);
};

const addVehicle = (uid: string, plate: string): Promise<number> => insertVehicle(t.db, uid, plate);

describe('GET management/tickets/{ticketNumber}/rate', () => {
  it('prices a paper ticket from entry to now, and more as time passes', async () => {
    const first = v.parse(ticketRateSchema, await (await t.request(`${BASE}/management/tickets/${PAPER_TICKET}/rate`)).json());
    expect(first).toMatchObject({ ticketNumber: PAPER_TICKET, locationId: 1, minutes: 135, amountPaid: 0 });
    expect(first.amount).toBeGreaterThan(0);
    expect(first.amountDue).toBeCloseTo(first.amount + first.serviceFeeAmount, 2);
    const saved = t.clock.now;
    later(6 * 60);
    const second = v.parse(ticketRateSchema, await (await t.request(`${BASE}/management/tickets/${PAPER_TICKET.toLowerCase()}/rate`)).json());
    t.clock.now = saved;
    expect(second.minutes).toBe(135 + 360);
    expect(second.amount).toBeGreaterThan(first.amount);
  });

  it.each([
    ['ABCDE', 400, 'A ticket number is 23 digits or 6 to 7 letters and digits.'],
    ['1'.repeat(25), 400, 'Maximum length of QR Code should not be greater than 23 characters'],
    ['99999999999999999999999', 404, 'Ticket 99999999999999999999999 was not found.'],
    ['ZZZZ999', 404, 'Ticket ZZZZ999 was not found.'],
  ])('%s → %i with a message', async (ticketNumber, status, message) => {
    const response = await t.request(`${BASE}/management/tickets/${ticketNumber}/rate`);
    expect(response.status).toBe(status);
    expect(await messageOf(response)).toContain(message);
  });
});

describe('ticket-events/entry and exit', () => {
  it('needs a staff key or a signed-in customer', async () => {
    const anonymous = await t.request(`${BASE}/ticket-events/entry`, { method: 'POST', json: { locationId: 2, licensePlate: 'ANON1', entryTimeUtc: minutesAgo(1) } });
    expect(anonymous.status).toBe(401);
    const wrongKey = await t.request(`${BASE}/ticket-events/entry`, { method: 'POST', headers: { [STAFF_KEY_HEADER]: 'nope' }, json: { locationId: 2, licensePlate: 'ANON1', entryTimeUtc: minutesAgo(1) } });
    expect(wrongKey.status).toBe(401);
  });

  it('opens a gate ticket, refuses the same plate twice on one lot, and refuses to exit while a balance is due', async () => {
    const entry = await t.request(`${BASE}/ticket-events/entry`, { method: 'POST', headers: STAFF, json: { locationId: 2, licensePlate: 'gate 1'.replace(' ', ''), entryTimeUtc: minutesAgo(90) } });
    expect(entry.status).toBe(201);
    const ticket = v.parse(garageTicketSchema, await entry.json());
    expect(ticket).toMatchObject({ locationId: 2, locationNumber: '1043', status: 'open', vehicle: { licensePlate: 'GATE1' }, minutes: 90, isMinimumCharge: false });
    expect(ticket.ticketNumber).toMatch(/^1043\d{19}$/);

    const again = await t.request(`${BASE}/ticket-events/entry`, { method: 'POST', headers: STAFF, json: { locationId: 2, licensePlate: 'GATE1', entryTimeUtc: minutesAgo(0) } });
    expect(again.status).toBe(409);
    expect(await messageOf(again)).toBe('The vehicle GATE1 is already parked at this location. Please use its active ticket.');

    const exit = await t.request(`${BASE}/ticket-events/exit`, { method: 'POST', headers: STAFF, json: { ticketNumber: ticket.ticketNumber, exitTime: minutesAgo(0) } });
    expect(exit.status).toBe(409);
    expect(await messageOf(exit)).toMatch(/^A balance of \$\d+\.\d\d is due on this ticket\. Please pay before exiting\.$/);
  });

  it('a pay station takes exactly the amount due, then the car may leave', async () => {
    const entry = await t.request(`${BASE}/ticket-events/entry`, { method: 'POST', headers: STAFF, json: { locationId: 2, licensePlate: 'PAYST1', entryTimeUtc: minutesAgo(50) } });
    const ticket = v.parse(garageTicketSchema, await entry.json());
    const cents = Math.round(ticket.amountDue * 100);
    const wrong = await t.request(`${BASE}/ticket-events/payment`, { method: 'POST', headers: STAFF, json: { ticketNumber: ticket.ticketNumber, amountCents: cents - 1 } });
    expect(wrong.status).toBe(409);
    expect(await messageOf(wrong)).toBe(`The amount due on this ticket is $${ticket.amountDue.toFixed(2)}.`);
    expect((await t.request(`${BASE}/ticket-events/payment`, { method: 'POST', token: alice.idToken, json: { ticketNumber: ticket.ticketNumber, amountCents: cents } })).status).toBe(401);
    const paid = await t.request(`${BASE}/ticket-events/payment`, { method: 'POST', headers: STAFF, json: { ticketNumber: ticket.ticketNumber, amountCents: cents } });
    const paidTicket = v.parse(garageTicketSchema, await paid.json());
    expect(paidTicket).toMatchObject({ status: 'paid', amountDue: 0, amountPaid: ticket.amountDue });
    // The session says "Paid · exit by …": the end of the grace after the payment.
    expect(ticket.exitByUtc).toBeNull();
    expect(Date.parse(paidTicket.exitByUtc ?? '') - Date.parse(minutesAgo(0))).toBe(15 * 60_000);
    const twice = await t.request(`${BASE}/ticket-events/payment`, { method: 'POST', headers: STAFF, json: { ticketNumber: ticket.ticketNumber, amountCents: cents } });
    expect(twice.status).toBe(409);
    later(10);
    const exit = await t.request(`${BASE}/ticket-events/exit`, { method: 'POST', headers: STAFF, json: { ticketNumber: ticket.ticketNumber, exitTime: minutesAgo(0) } });
    later(-10);
    expect(exit.status).toBe(200);
  });

  it('after the grace period a paid ticket owes the extra time again', async () => {
    const entry = await t.request(`${BASE}/ticket-events/entry`, { method: 'POST', headers: STAFF, json: { locationId: 2, licensePlate: 'GRACE1', entryTimeUtc: minutesAgo(25) } });
    const ticket = v.parse(garageTicketSchema, await entry.json());
    await t.request(`${BASE}/ticket-events/payment`, { method: 'POST', headers: STAFF, json: { ticketNumber: ticket.ticketNumber, amountCents: Math.round(ticket.amountDue * 100) } });
    const saved = t.clock.now;
    later(4 * 60);
    const rate = v.parse(ticketRateSchema, await (await t.request(`${BASE}/management/tickets/${ticket.ticketNumber}/rate`, { headers: STAFF })).json());
    const exit = await t.request(`${BASE}/ticket-events/exit`, { method: 'POST', headers: STAFF, json: { ticketNumber: ticket.ticketNumber, exitTime: minutesAgo(0) } });
    t.clock.now = saved;
    expect(rate.amountDue).toBeGreaterThan(0);
    expect(exit.status).toBe(409);
  });

  it('lets a monthly ticket out, then refuses a second exit', async () => {
    const exit = await t.request(`${BASE}/ticket-events/exit`, { method: 'POST', headers: STAFF, json: { ticketNumber: 'MTH2041', exitTime: minutesAgo(0) } });
    expect(exit.status).toBe(200);
    expect(v.parse(garageTicketSchema, await exit.json())).toMatchObject({ status: 'exited', amountDue: 0 });
    const twice = await t.request(`${BASE}/ticket-events/exit`, { method: 'POST', headers: STAFF, json: { ticketNumber: 'MTH2041', exitTime: minutesAgo(0) } });
    expect(twice.status).toBe(409);
    expect(await messageOf(twice)).toBe('This ticket has already exited the garage.');
  });

  it('validates the bodies', async () => {
    for (const json of [{}, { locationId: 2, licensePlate: 'AB#12', entryTimeUtc: minutesAgo(0) }, { locationId: 2, licensePlate: 'AB12', entryTimeUtc: 'yesterday' }]) {
      const response = await t.request(`${BASE}/ticket-events/entry`, { method: 'POST', headers: STAFF, json });
      expect(response.status).toBe(400);
    }
    const unknown = await t.request(`${BASE}/ticket-events/entry`, { method: 'POST', headers: STAFF, json: { locationId: 9999, licensePlate: 'AB12', entryTimeUtc: minutesAgo(0) } });
    expect(unknown.status).toBe(404);
    const future = await t.request(`${BASE}/ticket-events/entry`, { method: 'POST', headers: STAFF, json: { locationId: 2, licensePlate: 'AB12', entryTimeUtc: minutesAgo(-30) } });
    expect(await messageOf(future)).toBe('entryTimeUtc must not be in the future.');
  });

  it('a customer activates parking within 15 minutes of arrival; the ticket is theirs alone', async () => {
    const late = await t.request(`${BASE}/ticket-events/entry`, { method: 'POST', token: alice.idToken, json: { locationId: 5, licensePlate: 'ALC100', entryTimeUtc: minutesAgo(20) } });
    expect(late.status).toBe(400);
    expect(await messageOf(late)).toBe('Parking must be activated within 15 minutes of arrival.');
    // Only the caller's own vehicles: an entry for someone else's plate would hold that car's place.
    const notHers = await t.request(`${BASE}/ticket-events/entry`, { method: 'POST', token: alice.idToken, json: { locationId: 5, licensePlate: 'ALC100', entryTimeUtc: minutesAgo(0) } });
    expect(notHers.status).toBe(400);
    expect(await messageOf(notHers)).toBe('ALC100 is not one of your vehicles. Add it to your vehicles to activate parking for it.');
    expect(await t.db.query("select 1 from garage_tickets where license_plate = 'ALC100'")).toHaveLength(0);
    await addVehicle(alice.uid, 'ALC100');
    const entry = await t.request(`${BASE}/ticket-events/entry`, { method: 'POST', token: alice.idToken, json: { locationId: 5, licensePlate: 'ALC100', entryTimeUtc: minutesAgo(0) } });
    expect(entry.status).toBe(201);
    const ticket = v.parse(garageTicketSchema, await entry.json());
    const [event] = await t.db.query<{ details: { auditReview?: boolean } }>("select details from ticket_events where ticket_id = $1 and kind = 'entry'", [ticket.id]);
    expect(event?.details.auditReview).toBe(true);
    // Charged the minimum whatever the time: the client shows no next price step for it.
    expect(ticket.isMinimumCharge).toBe(true);

    const mine = v.parse(resultsSchema(garageTicketSchema), await (await t.request(`${BASE}/management/tickets/mine`, { token: alice.idToken })).json());
    expect(mine.results.map((row) => row.ticketNumber)).toContain(ticket.ticketNumber);
    const bobs = v.parse(resultsSchema(garageTicketSchema), await (await t.request(`${BASE}/management/tickets/mine`, { token: bob.idToken })).json());
    expect(bobs.results.map((row) => row.ticketNumber)).not.toContain(ticket.ticketNumber);

    expect((await t.request(`${BASE}/management/tickets/${ticket.ticketNumber}/rate`, { token: bob.idToken })).status).toBe(404);
    expect((await t.request(`${BASE}/management/tickets/${ticket.ticketNumber}/rate`)).status).toBe(404);
    expect((await t.request(`${BASE}/management/tickets/${ticket.ticketNumber}/rate`, { token: alice.idToken })).status).toBe(200);
    const bobExit = await t.request(`${BASE}/ticket-events/exit`, { method: 'POST', token: bob.idToken, json: { ticketNumber: ticket.ticketNumber, exitTime: minutesAgo(0) } });
    expect(bobExit.status).toBe(404);
  });
});

describe('GET management/tickets/license-plates/{plate}', () => {
  it("never reveals an unclaimed paper ticket's number by plate, even to a customer who added the plate; shows claimed tickets to their customer", async () => {
    await addVehicle(alice.uid, 'NYC4821');
    const lookUp = async (token: string) => v.parse(resultsSchema(garageTicketSchema), await (await t.request(`${BASE}/management/tickets/license-plates/nyc4821`, { token })).json());
    const mine = async (token: string) => v.parse(resultsSchema(garageTicketSchema), await (await t.request(`${BASE}/management/tickets/mine`, { token })).json());
    expect((await lookUp(alice.idToken)).results).toEqual([]);
    expect(JSON.stringify(await mine(alice.idToken))).not.toContain(PAPER_TICKET);

    await t.db.query('update garage_tickets set customer_uid = $1 where ticket_number = $2', [alice.uid, PAPER_TICKET]);
    try {
      const asAlice = await lookUp(alice.idToken);
      expect(asAlice.results).toHaveLength(1);
      expect(asAlice.results[0]).toMatchObject({ ticketNumber: PAPER_TICKET, locationId: 1, vehicle: { licensePlate: 'NYC4821' } });
      expect(asAlice.results[0]?.entryTime.localTime).toBe('2026-11-23T11:45:00');
      expect((await mine(alice.idToken)).results.map((ticket) => ticket.ticketNumber)).toContain(PAPER_TICKET);
      // Written as on the car, the plate is the same plate; characters that are not separators are refused.
      const dashed = await (await t.request(`${BASE}/management/tickets/license-plates/nyc-4821`, { token: alice.idToken })).json();
      expect(v.parse(resultsSchema(garageTicketSchema), dashed).results.map((ticket) => ticket.vehicle.licensePlate)).toEqual(asAlice.results.map((ticket) => ticket.vehicle.licensePlate));
      expect((await t.request(`${BASE}/management/tickets/license-plates/NYC_4821`, { token: alice.idToken })).status).toBe(400);
    } finally {
      await t.db.query('update garage_tickets set customer_uid = null where ticket_number = $1', [PAPER_TICKET]);
    }

    const asBob = await (await t.request(`${BASE}/management/tickets/license-plates/NYC4821`, { token: bob.idToken })).json();
    expect(asBob).toEqual({ results: [] });
    expect((await t.request(`${BASE}/management/tickets/license-plates/NYC4821`)).status).toBe(401);
    const staff = await (await t.request(`${BASE}/management/tickets/license-plates/NYC4821`, { headers: STAFF })).json();
    expect((staff as { results: unknown[] }).results).toHaveLength(1);
  });
});

describe('provisional passes', () => {
  it("lists the caller's passes and converts one with the caller's vehicle into a ticket", async () => {
    const issued = await t.request(`${BASE}/provisional-passes`, { method: 'POST', headers: STAFF, json: { customerUid: alice.uid, locationId: 4, entryTimeUtc: minutesAgo(6) } });
    expect(issued.status).toBe(201);
    const pass = v.parse(provisionalPassSchema, await issued.json());
    expect(pass.ticketNumber).toMatch(/^[A-Z0-9]{7}$/);

    const listed = v.parse(resultsSchema(provisionalPassSchema), await (await t.request(`${BASE}/provisional-passes`, { token: alice.idToken })).json());
    expect(listed.results.map((row) => row.id)).toEqual([pass.id]);
    const bobs = await (await t.request(`${BASE}/provisional-passes`, { token: bob.idToken })).json();
    expect(bobs).toEqual({ results: [] });
    expect((await t.request(`${BASE}/provisional-passes`)).status).toBe(401);

    const aliceCar = await addVehicle(alice.uid, 'ALC200');
    const bobCar = await addVehicle(bob.uid, 'BOB200');
    expect((await t.request(`${BASE}/provisional-passes/${pass.id}/convert`, { method: 'POST', token: bob.idToken, json: { vehicleId: bobCar } })).status).toBe(404);
    const withBobsCar = await t.request(`${BASE}/provisional-passes/${pass.id}/convert`, { method: 'POST', token: alice.idToken, json: { vehicleId: bobCar } });
    expect(withBobsCar.status).toBe(404);
    expect(await messageOf(withBobsCar)).toBe(`Vehicle ${bobCar} was not found.`);
    expect((await t.request(`${BASE}/provisional-passes/abc/convert`, { method: 'POST', token: alice.idToken, json: { vehicleId: aliceCar } })).status).toBe(400);

    const converted = await t.request(`${BASE}/provisional-passes/${pass.id}/convert`, { method: 'POST', token: alice.idToken, json: { vehicleId: aliceCar } });
    expect(converted.status).toBe(201);
    expect(v.parse(garageTicketSchema, await converted.json())).toMatchObject({ ticketNumber: pass.ticketNumber, locationId: 4, vehicle: { licensePlate: 'ALC200' }, minutes: 6 });
    const [vehicle] = await t.db.query<{ is_ticketed: boolean }>('select is_ticketed from vehicles where vehicle_id = $1', [aliceCar]);
    expect(vehicle?.is_ticketed).toBe(true);
    const twice = await t.request(`${BASE}/provisional-passes/${pass.id}/convert`, { method: 'POST', token: alice.idToken, json: { vehicleId: aliceCar } });
    expect(twice.status).toBe(409);
    expect(await messageOf(twice)).toBe('This provisional pass has already been converted into a ticket.');
    expect(await (await t.request(`${BASE}/provisional-passes`, { token: alice.idToken })).json()).toEqual({ results: [] });
  });
});
