/**
 * Decision 0105, as an outside attacker tried it (issue 37 items 5 and 6):
 * - plate squatting: another account adding a driver's plate and activating at the driver's lot
 *   neither blocks the driver's activation nor the gate's entry, nor shows either side the other;
 * - ticket numbers are guesses: wrong ones are slowed per client and overall, found ones barely;
 * - a stranger's wrong reservation numbers never lock the holder of the real one out.
 * Clients are named as the trusted proxy of the test app names them (rightmost X-Forwarded-For).
 */
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { garageTicketSchema, resultsSchema } from '../../src/contract/parking-system.ts';
import { vehicleSchema } from '../../src/contract/vehicles.ts';
import { TICKET_NUMBER_GUESSES } from '../parking-system/ticket-access.ts';
import { createEmulatorUser, emulatorTokenVerifier, type EmulatorUser } from '../testing/emulator-users.ts';
import { insertVehicle } from '../testing/insert-vehicle.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { CALL_BODY, STAFF_HEADERS as STAFF, TICKETS_BASE, ticketTestKit } from '../testing/ticket-test-kit.ts';
import { RESERVATION_NUMBER_GUESSES } from './routes.ts';

const PAPER_TICKET = '10442611230001004821001'; // seeded: location 1, unclaimed
const SPOTHERO_AT_LOT_3 = '48213977'; // seeded: garage 3, now −1 h … +5 h, pays a short stay in full

let t: TestApp;
let driver: EmulatorUser;
let squatter: EmulatorUser;
let onlooker: EmulatorUser;
let clientCounter = 0;

beforeAll(async () => {
  t = await createTestApp({ verifyToken: emulatorTokenVerifier() });
  [driver, squatter, onlooker] = await Promise.all([createEmulatorUser(), createEmulatorUser(), createEmulatorUser()]);
});
afterAll(async () => t.close());

const { messageOf, minutesAgo, gateTicket } = ticketTestKit(() => t);

/** A new client: the address the trusted proxy appends (rightmost), after whatever the client wrote. */
const newClient = () => ({ 'X-Forwarded-For': `203.0.113.7, 198.51.${Math.floor(++clientCounter / 250)}.${clientCounter % 250}` });

const nextWindow = () => {
  t.clock.now = new Date(t.clock.now.getTime() + TICKET_NUMBER_GUESSES.windowSeconds * 1000);
};

/** 23 digits at lot 1044 that name no ticket (the seeds' random parts are never 9999999). */
const wrongNumber = (i: number) => `1044261123${String(i).padStart(6, '0')}9999999`;

const calculateRate = (ticketNumber: string, headers: Record<string, string>, token?: string) =>
  t.request(`${TICKETS_BASE}/tickets/${ticketNumber}/calculate-rate`, { method: 'POST', headers, json: CALL_BODY, ...(token ? { token } : {}) });

async function expectTooMany(response: Response, message: string) {
  expect(response.status).toBe(429);
  expect(Number(response.headers.get('Retry-After'))).toBeGreaterThan(0);
  expect(await messageOf(response)).toBe(message);
}

describe('plate squatting: a plate belongs to nobody by itself', () => {
  const PLATE = 'SQT4821';
  const LOCATION = 6;
  const addVehicle = async (token: string) => {
    const added = await t.request('/accounts/api/customers/add-vehicle', {
      method: 'POST', token, json: { licensePlate: PLATE, vehicleTypeId: 1, make: 'Toyota', model: 'Camry', country: 'United States', state: 'NY', color: 'Silver', year: 2019 },
    });
    expect(added.status).toBe(201);
  };
  const activate = (token: string) => t.request('/parking-system/api/ticket-events/entry', { method: 'POST', token, json: { locationId: LOCATION, licensePlate: PLATE, entryTimeUtc: minutesAgo(2) } });
  const mine = async (token: string) => v.parse(resultsSchema(garageTicketSchema), await (await t.request('/parking-system/api/management/tickets/mine', { token })).json()).results;
  const vehicles = async (token: string) => v.parse(v.array(vehicleSchema), await (await t.request('/accounts/api/customers/get-customer-vehicles', { token })).json());

  it("another account's activation for the driver's plate neither blocks the driver's activation nor reveals either ticket", async () => {
    // The attack: B adds A's plate (nothing checks it) and activates parking at A's lot first.
    await addVehicle(squatter.idToken);
    const squatted = await activate(squatter.idToken);
    expect(squatted.status).toBe(201);
    const squatterTicket = v.parse(garageTicketSchema, await squatted.json());

    await addVehicle(driver.idToken);
    const activated = await activate(driver.idToken);
    expect(activated.status).toBe(201);
    const driverTicket = v.parse(garageTicketSchema, await activated.json());
    expect(driverTicket.ticketNumber).not.toBe(squatterTicket.ticketNumber);
    expect(driverTicket).toMatchObject({ locationId: LOCATION, vehicle: { licensePlate: PLATE }, amountPaid: 0 });

    // Each account sees its own activation only, by list, by plate and by number.
    expect((await mine(driver.idToken)).map((ticket) => ticket.ticketNumber)).toEqual([driverTicket.ticketNumber]);
    expect((await mine(squatter.idToken)).map((ticket) => ticket.ticketNumber)).toEqual([squatterTicket.ticketNumber]);
    const byPlate = await (await t.request(`/parking-system/api/management/tickets/license-plates/${PLATE}`, { token: driver.idToken })).json();
    expect(v.parse(resultsSchema(garageTicketSchema), byPlate).results.map((ticket) => ticket.ticketNumber)).toEqual([driverTicket.ticketNumber]);
    expect((await calculateRate(squatterTicket.ticketNumber, newClient(), driver.idToken)).status).toBe(404);
    expect((await calculateRate(driverTicket.ticketNumber, newClient(), squatter.idToken)).status).toBe(404);
    // Paying is naming the ticket too: one account cannot pay (so settle or price) the other's.
    const pay = await t.request('/payments/api/payments/initialize', { method: 'POST', token: squatter.idToken, json: { systemEntityId: `ticket:${driverTicket.ticketNumber}` } });
    expect(pay.status).toBe(404);

    // "Already parked" only for the caller's own activation, which they see anyway.
    const twice = await activate(driver.idToken);
    expect(twice.status).toBe(409);
    expect(await messageOf(twice)).toBe(`The vehicle ${PLATE} is already parked at this location. Please use its active ticket.`);

    // The gate's own entry for the car is never blocked by customers' activations; it is once per lot.
    const gate = await t.request('/parking-system/api/ticket-events/entry', { method: 'POST', headers: STAFF, json: { locationId: LOCATION, licensePlate: PLATE, entryTimeUtc: minutesAgo(1) } });
    expect(gate.status).toBe(201);
    const gateAgain = await t.request('/parking-system/api/ticket-events/entry', { method: 'POST', headers: STAFF, json: { locationId: LOCATION, licensePlate: PLATE, entryTimeUtc: minutesAgo(0) } });
    expect(gateAgain.status).toBe(409);
    const gateNumber = v.parse(garageTicketSchema, await gate.json()).ticketNumber;

    // A third account that adds the plate learns nothing: no "parked now", no ticket, no refusal.
    await addVehicle(onlooker.idToken);
    expect((await vehicles(onlooker.idToken)).map((vehicle) => vehicle.isTicketed)).toEqual([false]);
    expect((await vehicles(driver.idToken)).map((vehicle) => vehicle.isTicketed)).toEqual([true]);
    expect(await mine(onlooker.idToken)).toEqual([]);
    expect((await activate(onlooker.idToken)).status).toBe(201);
    // Nor can it close the gate's paper ticket for "its" plate.
    const exit = await t.request('/parking-system/api/ticket-events/exit', { method: 'POST', token: onlooker.idToken, json: { ticketNumber: gateNumber, exitTime: minutesAgo(0) } });
    expect(exit.status).toBe(404);
  });
});

describe('ticket numbers are guesses', () => {
  const { missesPerClient, missesOverall, message } = TICKET_NUMBER_GUESSES;

  it(`800 anonymous calculate-rate guesses from one client: ${missesPerClient} answered, then 429, even for a right number`, { timeout: 120_000 }, async () => {
    const attacker = newClient();
    const started = performance.now();
    const statuses: number[] = [];
    for (let i = 0; i < 800; i += 1) statuses.push((await calculateRate(wrongNumber(i), attacker)).status);
    const ms = Math.round(performance.now() - started);
    console.log(`[guessing] 800 calculate-rate guesses in ${ms} ms: ${statuses.filter((status) => status === 404).length} × 404, ${statuses.filter((status) => status === 429).length} × 429`);
    expect(statuses.slice(0, missesPerClient)).toEqual(Array(missesPerClient).fill(404));
    expect(new Set(statuses.slice(missesPerClient))).toEqual(new Set([429]));
    await expectTooMany(await calculateRate(wrongNumber(900), attacker), message);
    // Over the limit, a right number gets the same 429: the guesser cannot tell it found one.
    await expectTooMany(await calculateRate(PAPER_TICKET, attacker), message);
    // Every public lookup by number shares the counter.
    expect((await t.request(`/parking-system/api/management/tickets/${wrongNumber(901)}/rate`, { headers: attacker })).status).toBe(429);

    // Another client is served at first.
    const other = newClient();
    expect((await calculateRate(wrongNumber(902), other)).status).toBe(404);
    expect((await calculateRate(PAPER_TICKET, other)).status).toBe(200);
    nextWindow();
  });

  it('an honest driver reading their ticket again and again is never slowed; a few typos neither', async () => {
    const honest = newClient();
    for (let i = 0; i < missesPerClient - 1; i += 1) expect((await calculateRate(wrongNumber(i), honest)).status).toBe(404);
    for (let i = 0; i < 60; i += 1) expect((await calculateRate(PAPER_TICKET, honest)).status).toBe(200);
    expect((await t.request(`/parking-system/api/management/tickets/${PAPER_TICKET}/rate`, { headers: honest })).status).toBe(200);
    nextWindow();
  });

  it(`rotating clients does not help: ${missesOverall} wrong numbers from everyone close the lookups for the window`, { timeout: 120_000 }, async () => {
    // A ticket its owner claimed: naming it is no guess (nobody else can see it).
    await insertVehicle(t.db, driver.uid, 'OWN4821');
    const activated = await t.request('/parking-system/api/ticket-events/entry', { method: 'POST', token: driver.idToken, json: { locationId: 7, licensePlate: 'OWN4821', entryTimeUtc: minutesAgo(1) } });
    expect(activated.status).toBe(201);
    const claimed = v.parse(garageTicketSchema, await activated.json()).ticketNumber;
    let sent = 0;
    while (sent < missesOverall) {
      const client = newClient();
      for (let i = 0; i < missesPerClient && sent < missesOverall; i += 1, sent += 1) {
        expect((await calculateRate(wrongNumber(sent), client)).status, `guess ${sent + 1}`).toBe(404);
      }
    }
    const fresh = newClient();
    await expectTooMany(await calculateRate(wrongNumber(sent), fresh), message);
    await expectTooMany(await calculateRate(PAPER_TICKET, fresh), message);
    // Staff (the pay station) and the owner of a claimed ticket are not guessing.
    expect((await t.request(`/parking-system/api/management/tickets/${PAPER_TICKET}/rate`, { headers: { ...STAFF, ...fresh } })).status).toBe(200);
    expect((await calculateRate(claimed, fresh, driver.idToken)).status).toBe(200);
    nextWindow();
    expect((await calculateRate(PAPER_TICKET, fresh)).status).toBe(200);
  });
});

describe('reservation numbers: the guesser is slowed, never the holder', () => {
  const { missesPerClient, message } = RESERVATION_NUMBER_GUESSES;
  const onTicket = (ticketNumber: string, call: 'calculate' | 'apply', reservationNumber: string, headers: Record<string, string>) =>
    t.request(`${TICKETS_BASE}/tickets/${ticketNumber}/${call}-aggregator-payment`, { method: 'POST', headers, json: { reservationNumber } });

  it("strangers' wrong codes on a paper ticket do not stop its driver's valid code", async () => {
    const ticket = await gateTicket(3, 'RSV4821', 30);
    const stranger = newClient();
    for (let i = 0; i < missesPerClient; i += 1) expect((await onTicket(ticket, 'calculate', `0000000${i}`, stranger)).status).toBe(404);
    await expectTooMany(await onTicket(ticket, 'calculate', '00000099', stranger), message);
    // The same stranger is slowed on the lookup too, and even with the right number.
    expect((await t.request(`${TICKETS_BASE}/aggregator-reservations/SpotHero/00000098`, { headers: stranger })).status).toBe(429);
    await expectTooMany(await onTicket(ticket, 'calculate', SPOTHERO_AT_LOT_3, stranger), message);
    // More strangers, more wrong codes on the same ticket: each is answered, none locks the ticket.
    for (const other of [newClient(), newClient()]) {
      for (let i = 0; i < missesPerClient; i += 1) expect((await onTicket(ticket, 'calculate', `1111111${i}`, other)).status).toBe(404);
    }

    const holder = newClient();
    const checked = await onTicket(ticket, 'calculate', SPOTHERO_AT_LOT_3, holder);
    expect(checked.status).toBe(200);
    const redeemed = await onTicket(ticket, 'apply', SPOTHERO_AT_LOT_3, holder);
    expect(redeemed.status).toBe(200);
    expect(await redeemed.json()).toMatchObject({ ticketNumber: ticket, reservationNumber: SPOTHERO_AT_LOT_3, amountDue: 0, status: 'paid' });
  });
});
