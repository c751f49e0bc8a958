/**
 * Access suite (issue 14), generated from Hono's route table:
 * - every route that takes a customer record's id (in the path or the body) is called by customer
 *   B with customer A's record: refused, and A's records are unchanged afterwards. An id-taking
 *   route this suite does not know fails it, so a new route cannot slip past;
 * - every private route (401 without a token) also refuses a forged `alg: none` token, a token
 *   with a bad signature, an expired token and the token of a deleted user, while A's real token
 *   gets past sign-in on the same call;
 * - issue 37: under the emulator a token is believed for its uid and sign-in second only. A's own
 *   token with `staff: true`, another email or a phone number added passes as A, with A's record
 *   (no staff route, no row anywhere gets the forged values); with a ten-year exp, or naming B
 *   with a guessed sign-in second, it is refused on every private and staff route; thousands of
 *   guesses get 429 while B's real token keeps working (docs/decisions/0101-*).
 */
import { randomBytes } from 'node:crypto';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { garageTicketSchema } from '../src/contract/parking-system.ts';
import { paymentInitSchema } from '../src/contract/payments.ts';
import { DEV_STAFF_API_KEY, STAFF_KEY_HEADER } from './parking-system/staff-key.ts';
import { insertMonthlyContract } from './monthly-contracts/queries.ts';
import { registerTestPayable } from './payments/test-payable.ts';
import { addStaff } from './staff/staff-accounts.ts';
import { createStaffUser } from './staff/staff-testing.ts';
import { claimsOf, createEmulatorUser, EMULATOR_HOST, emulatorAdminAuth, emulatorTokenVerifier, type EmulatorUser, unsignedToken as unsigned } from './testing/emulator-users.ts';
import { apiRoutes, fillPath, type ApiRoute } from './testing/route-table.ts';
import { createTestApp, type TestApp } from './testing/test-app.ts';
import { saveTestCard } from './testing/test-card.ts';
import { TEST_NOW } from './testing/test-clock.ts';
import { insertVehicle } from './testing/insert-vehicle.ts';
import { TOO_MANY_REQUESTS_MESSAGE } from './lib/rate-limit.ts';
import { RECORD_REUSE_MS } from './lib/auth.ts';

const STAFF = { [STAFF_KEY_HEADER]: DEV_STAFF_API_KEY };
let t: TestApp;
let routes: ApiRoute[];
let alice: EmulatorUser;
let bob: EmulatorUser;
/** Alice's records, by kind. */
const own = { vehicle: 0, card: 0, payment: 0, contract: 0, pass: 0, ticketId: 0, ticketNumber: '', bobVehicle: 0, bobPass: 0, customerId: 0, monthlyReservation: 0, monthlyApplication: 0, reservation: 0 };

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * A client address of its own for a call (X-Forwarded-For: test apps trust one proxy), so that
 * calls meant to test verification are not refused by the guessing limits another call set off.
 */
let addresses = 0;
function freshAddress(): Record<string, string> {
  addresses += 1;
  return { 'X-Forwarded-For': `198.18.${addresses >> 8}.${addresses & 255}` };
}

const enrolCard = (user: EmulatorUser): Promise<number> => saveTestCard(t, user, { name: 'Alice A', zip: '10001' });

const addVehicle = (uid: string, plate: string): Promise<number> => insertVehicle(t.db, uid, plate);

beforeAll(async () => {
  registerTestPayable();
  t = await createTestApp({ verifyToken: emulatorTokenVerifier() });
  routes = apiRoutes(t.app);
  [alice, bob] = await Promise.all([createEmulatorUser(), createEmulatorUser()]);
  own.vehicle = await addVehicle(alice.uid, 'ALICE1');
  own.bobVehicle = await addVehicle(bob.uid, 'BOB1');
  own.card = await enrolCard(alice);
  const payment = await t.request('/payments/api/payments/methods/' + own.card + '/charge', { method: 'POST', token: alice.idToken, json: { systemEntityId: `test:1250-${randomBytes(4).toString('hex')}` } });
  own.payment = v.parse(paymentInitSchema.entries.paymentId, ((await payment.json()) as { paymentId: number }).paymentId);
  const details = (await (await t.request('/accounts/api/customers/get-customer-details', { token: alice.idToken })).json()) as { customerId: number };
  own.contract = await insertMonthlyContract(t.db, {
    customerId: details.customerId, locationId: 20, monthlyRateId: null, fullName: 'Alice A', email: alice.email, phoneNumber: null, form: null,
    amountCents: 32_500, startUtc: new Date(TEST_NOW), createdAt: new Date(TEST_NOW), periods: [{ startUtc: new Date(TEST_NOW), endUtc: new Date(TEST_NOW.getTime() + 30 * 86_400_000), paidAt: null }],
  });
  // Alice's monthly reservation (the contract's) and an application on it, for the monthly sign-up routes.
  own.customerId = details.customerId;
  const [reservation] = await t.db.query<{ monthly_reservation_id: number }>('select monthly_reservation_id from monthly_contracts where monthly_contract_id = $1', [own.contract]);
  own.monthlyReservation = reservation?.monthly_reservation_id ?? 0;
  const [application] = await t.db.query<{ monthly_application_id: number }>(
    `insert into monthly_applications (monthly_reservation_id, check_in_date, created_at, updated_at) values ($1, '2026-12-01', now(), now()) returning monthly_application_id`,
    [own.monthlyReservation],
  );
  own.monthlyApplication = application?.monthly_application_id ?? 0;
  const minutesAgo = (minutes: number) => new Date(t.clock.now.getTime() - minutes * 60_000).toISOString();
  const pass = async (uid: string) => ((await (await t.request('/parking-system/api/provisional-passes', { method: 'POST', headers: STAFF, json: { customerUid: uid, locationId: 4, entryTimeUtc: minutesAgo(5) } })).json()) as { id: number }).id;
  own.pass = await pass(alice.uid);
  own.bobPass = await pass(bob.uid);
  const entry = await t.request('/parking-system/api/ticket-events/entry', { method: 'POST', token: alice.idToken, json: { locationId: 5, licensePlate: 'ALICE1', entryTimeUtc: minutesAgo(1) } });
  const ticket = v.parse(garageTicketSchema, await entry.json());
  [own.ticketId, own.ticketNumber] = [ticket.id, ticket.ticketNumber];
  const quote = (await (await t.request('/rates/api/rates/calculate', { method: 'POST', json: { locationId: 1, entryTimeUtc: '2026-11-24T23:00:00.000Z', exitTimeUtc: '2026-11-25T02:00:00.000Z' } })).json()) as { rateInstanceId: string };
  own.reservation = ((await (await t.request('/reservations/api/reservations', { method: 'POST', token: alice.idToken, json: { rateInstanceId: quote.rateInstanceId } })).json()) as { reservationId: number }).reservationId;
}, 180_000); // many real sign-ins and payments: slow on a loaded two-core machine
afterAll(async () => t.close());

/** Everything Alice owns, as rows: compared before and after Bob's attempts. */
async function aliceRecords(): Promise<string> {
  const uid = alice.uid;
  const sets = await Promise.all([
    t.db.query('select * from vehicles where owner_uid = $1 order by vehicle_id', [uid]),
    t.db.query('select * from customer_payment_methods where owner_uid = $1 order by 1', [uid]),
    t.db.query('select * from payments where owner_uid = $1 order by 1', [uid]),
    t.db.query('select * from monthly_contracts where monthly_contract_id = $1', [own.contract]),
    t.db.query('select * from provisional_passes where customer_uid = $1 order by pass_id', [uid]),
    t.db.query('select * from garage_tickets where customer_uid = $1 order by ticket_id', [uid]),
    t.db.query('select kind, occurred_at, details from ticket_events where ticket_id = $1 order by 1, 2', [own.ticketId]),
    t.db.query('select * from car_calls where ticket_id = $1', [own.ticketId]),
    t.db.query('select * from monthly_reservations where monthly_reservation_id = $1', [own.monthlyReservation]),
    t.db.query('select * from monthly_contract_periods where monthly_contract_id = $1 order by 1', [own.contract]),
    t.db.query('select * from monthly_applications where monthly_application_id = $1', [own.monthlyApplication]),
    t.db.query('select * from monthly_tickets where monthly_reservation_id = $1', [own.monthlyReservation]),
    t.db.query('select * from daily_reservations where owner_uid = $1 order by reservation_id', [uid]),
  ]);
  return JSON.stringify(sets);
}

/** A valid registration form (spec 2 §3), for PUT monthly-reservations/{id}/form. */
const MONTHLY_FORM = {
  firstName: 'Bob', lastName: 'B', fullName: 'Bob B', email: null, optOutEmails: false, street: '1 Main St', city: 'Newark', state: 'NJ', zipCode: '07102',
  country: 'United States', phoneNumber: '2015550100', vehicleBrand: 'Honda', vehicleModel: 'Civic', vehicleYear: '2021', vehicleColor: 'Blue', vehicleState: 'NJ',
  vehicleLicensePlate: 'BOB1', vehicleOwnerName: 'Bob B', vehicleOwnerStreet: '1 Main St', vehicleOwnerCity: 'Newark', vehicleOwnerState: 'NJ', vehicleOwnerZipCode: '07102', vehicleOwnerCountry: 'United States',
};

type IdUse = { where: 'param' | 'json'; name: string };

/** The inputs of a route that name a record: path parameters and body fields ending in Id, plus ticket keys and numbers. */
function idInputs(route: ApiRoute): IdUse[] {
  const isId = (name: string) => /(^id|Id|^key|ticketNumber)$/.test(name);
  const json = route.schemas.json as { entries?: Record<string, unknown> } | undefined;
  return [
    ...route.params.filter(isId).map((name) => ({ where: 'param' as const, name })),
    ...Object.keys(json?.entries ?? {}).filter(isId).map((name) => ({ where: 'json' as const, name })),
  ];
}

type Attack = { params: Record<string, string>; json: Record<string, unknown> | undefined };

/**
 * Bob's request with Alice's record in place of the id, per route: each customer-record route and
 * the body that would act on the record; `null` for ids of public or staff records (garages,
 * content, rates, the attendant's queue), which are not a customer's.
 */
function attackFor(route: ApiRoute): Attack | null | undefined {
  const call = { minutes: 0, gatewayClientVersion: '3.1.340', parkingAggregatorType: 500 };
  const { path } = route;
  if (path.startsWith('/tickets/api/tickets/:key')) {
    const body = path.includes('aggregator') ? { reservationNumber: '48213977' } : path.includes('confirm-plate') ? { licensePlate: 'BOB1' } : path.includes('coupons') || path.includes('apply-payment') ? {} : call;
    return { params: { key: own.ticketNumber, code: 'WELCOME10' }, json: route.method === 'DELETE' ? undefined : body };
  }
  if (path === '/parking-system/api/management/tickets/:ticketNumber/rate') return { params: { ticketNumber: own.ticketNumber }, json: undefined };
  if (path === '/parking-system/api/ticket-events/exit') return { params: {}, json: { ticketNumber: own.ticketNumber, exitTime: t.clock.now.toISOString() } };
  if (path === '/parking-system/api/provisional-passes/:id/convert') return { params: { id: String(own.pass) }, json: { vehicleId: own.bobVehicle } };
  if (path === '/accounts/api/customers/update-vehicle') return { params: {}, json: { vehicleId: own.vehicle, licensePlate: 'STOLEN1', vehicleTypeId: 1, make: 'Honda', model: 'Civic', country: 'United States', state: 'NY', color: 'Red', year: 2021 } };
  if (path === '/accounts/api/customers/remove-vehicle') return { params: {}, json: { vehicleId: own.vehicle } };
  if (path === '/payments/api/monthly-contracts/:id/payment') return { params: { id: String(own.contract) }, json: { customerPaymentMethodId: own.card } };
  if (path.startsWith('/payments/api/monthly-contracts/:id')) return { params: { id: String(own.contract), pmId: String(own.card) }, json: undefined };
  if (path.startsWith('/reservations/api/monthly-reservations/:id')) return { params: { id: String(own.monthlyReservation) }, json: route.method === 'PUT' ? MONTHLY_FORM : undefined };
  if (path === '/tickets/api/monthly-tickets/monthly-reservations/:id') return { params: { id: String(own.monthlyReservation) }, json: undefined };
  if (path.startsWith('/reservations/api/monthly-applications/:id')) return { params: { id: String(own.monthlyApplication) }, json: route.method === 'PUT' ? { fullName: 'Stolen', email: null, phoneNumber: null, notes: null } : undefined };
  if (path === '/accounts/api/customers/create-badge-session') return { params: {}, json: { customerId: own.customerId, licensePlate: 'ALICE1', state: 'NY' } };
  if (path === '/reservations/api/monthly-reservations') return null; // monthlyRateInstanceId: a price quote; one another customer used answers 409 (monthly-reservations.api.test.ts)
  if (path.startsWith('/payments/api/payments/methods/:id')) return { params: { id: String(own.card) }, json: route.method === 'POST' ? { systemEntityId: `test:700-${randomBytes(4).toString('hex')}` } : undefined };
  // A guest (Bob's token is ignored there) naming Alice's ticket and payment (server/tickets/guest-payment.ts).
  if (path.startsWith('/payments/api/guest/tickets/:ticketNumber')) return { params: { ticketNumber: own.ticketNumber, id: String(own.payment) }, json: route.method === 'GET' ? undefined : path.endsWith('/receipt') ? { email: 'bob@example.com' } : { systemEntityId: `ticket:${own.ticketNumber}` } };
  if (/^\/payments\/api\/payments\/:id/.test(path)) return { params: { id: String(own.payment) }, json: undefined };
  if (path.startsWith('/reservations/api/reservations/') && path.endsWith(':id')) return { params: { id: String(own.reservation) }, json: undefined };
  if (path === '/reports/api/reports/payments-history/:id') return { params: { id: String(own.payment) }, json: undefined };
  if (path === '/reservations/api/reservations') return null; // rateInstanceId: a public quote, not a customer's record
  if (/^\/(locations|content|rates|promotions|search)\/api\//.test(path) || path.startsWith('/tickets/api/attendant/')) return null;
  if (path === '/transitions/api/transitions') {
    // Bob moves an access card online, billed to Alice's saved card.
    const form = { firstName: 'Bob', lastName: 'B', street: '1 Main St', city: 'New York', state: 'NY', zipCode: '10001', country: 'United States', vehicleBrand: 'Honda', vehicleModel: 'Civic', vehicleYear: '2021', vehicleColor: 'Blue', vehicleState: 'NY', vehicleLicensePlate: 'BOB1', vehicleOwnerName: 'Bob B', vehicleOwnerStreet: '1 Main St', vehicleOwnerCity: 'New York', vehicleOwnerState: 'NY', vehicleOwnerZipCode: '10001', vehicleOwnerCountry: 'United States' };
    return { params: {}, json: { locationId: 3, customerPaymentMethodId: own.card, secomPhoneNumber: '2125550142', secomAccessCardNumber: '7777', transitionEmailAddress: 'bob@example.com', form } };
  }
  if (path.startsWith('/staff/api/') || path.startsWith('/validations/api/')) return null; // staff records (claims, transitions, validating merchants), refused to every customer below
  if (path === '/logs/api/webclient_log' || path === '/accounts/api/customers/add-vehicle') return null; // the client's log ids; vehicleTypeId
  if (path === '/logs/api/events') return null; // sessionId: a random id the device made for its analytics batch, no customer's record (0115)
  if (path === '/parking-system/api/ticket-events/entry' || path === '/parking-system/api/provisional-passes' || path === '/parking-system/api/ticket-events/payment') return null; // location ids; staff calls
  return undefined;
}

describe("customer B against customer A's records, for every id-taking route", () => {
  it('is refused everywhere and leaves A unchanged', { timeout: 120_000 }, async () => {
    const before = await aliceRecords();
    const idRoutes = routes.filter((route) => idInputs(route).length > 0 || route.path === '/parking-system/api/ticket-events/exit');
    const unknown = idRoutes.filter((route) => attackFor(route) === undefined).map((route) => `${route.method} ${route.path}`);
    expect(unknown, 'id-taking routes this suite does not know: add them to attackFor').toEqual([]);
    const attacks: [ApiRoute, Attack][] = idRoutes.flatMap((route) => {
      const attack = attackFor(route);
      return attack ? [[route, attack] as [ApiRoute, Attack]] : [];
    });
    // Ids in bodies the payments module parses itself (no validate() tag to find them by).
    const extra = (path: string, attack: Attack) => {
      const route = routes.find((candidate) => candidate.path === path && candidate.method === 'POST');
      expect(route, path).toBeDefined();
      if (route) attacks.push([route, attack]);
    };
    extra('/parking-system/api/provisional-passes/:id/convert', { params: { id: String(own.bobPass) }, json: { vehicleId: own.vehicle } });
    extra('/payments/api/payments/initialize', { params: {}, json: { systemEntityId: `test:1250-${randomBytes(4).toString('hex')}`, paymentId: own.payment } });
    extra('/payments/api/payments/initialize', { params: {}, json: { systemEntityId: `reservation:${own.reservation}` } });
    const allowed: string[] = [];
    for (const [route, attack] of attacks) {
      const url = fillPath(route, attack.params);
      const response = await t.request(url, { method: route.method, token: bob.idToken, ...(attack.json ? { json: attack.json } : {}) });
      if (response.status < 400 || response.status === 401 || response.status >= 500) allowed.push(`${route.method} ${url} → ${response.status} ${(await response.text()).slice(0, 120)}`);
    }
    console.log(`[access] ${attacks.length} attempts by B on A's records over ${idRoutes.length} id-taking routes`);
    expect(allowed).toEqual([]);
    expect(await aliceRecords()).toBe(before);
    // The attempts reached real records: Alice herself may read them.
    expect((await t.request(`/payments/api/payments/${own.payment}`, { token: alice.idToken })).status).toBe(200);
    expect((await t.request(`/reservations/api/reservations/${own.reservation}`, { token: alice.idToken })).status).toBe(200);
    expect((await t.request(`/parking-system/api/management/tickets/${own.ticketNumber}/rate`, { token: alice.idToken })).status).toBe(200);
  });
});

describe('staff routes (the /staff pages and the attendant queues)', () => {
  it('answer 401 without a token, 403 to a customer, and let a staff account past', { timeout: 120_000 }, async () => {
    const staffMember = await createStaffUser();
    const staffRoutes = routes.filter((route) => route.path.startsWith('/staff/api/') || route.path.startsWith('/tickets/api/attendant/') || route.path.startsWith('/validations/api/'));
    const call = (route: ApiRoute, token?: string) =>
      t.request(fillPath(route, { id: '1', position: '1', variant: 'viewing', locationId: '1', callId: '1' }), { method: route.method, ...(token ? { token } : {}), ...(route.method === 'GET' ? {} : { json: { status: 'in-review' } }) });
    const wrong: string[] = [];
    for (const route of staffRoutes) {
      const [anonymous, customer, staff] = [await call(route), await call(route, alice.idToken), await call(route, staffMember.idToken)];
      if (anonymous.status !== 401 || customer.status !== 403 || staff.status === 401 || staff.status === 403 || staff.status >= 500) {
        wrong.push(`${route.method} ${route.path}: anonymous ${anonymous.status}, customer ${customer.status}, staff ${staff.status}`);
      }
    }
    console.log(`[access] ${staffRoutes.length} staff routes`);
    expect(staffRoutes.length).toBeGreaterThanOrEqual(9);
    expect(wrong).toEqual([]);
  });
});

describe('every private route refuses missing, forged, badly signed, expired and deleted-user tokens', () => {
  it('answers 401 to each, while the real token gets past sign-in', { timeout: 180_000 }, async () => {
    // Forged as an attacker would, knowing the uid and email but not the second of the last sign-in.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const real = claimsOf(alice.idToken);
    const now = Math.floor(Date.now() / 1000);
    const forged = unsigned({ ...real, iat: now, exp: now + 3600, auth_time: real.auth_time + 1 });
    const badSignature = `${base64url({ alg: 'RS256', kid: 'x', typ: 'JWT' })}.${base64url({ ...real })}.${Buffer.from('not a signature').toString('base64url')}`;
    const expired = unsigned({ ...real, iat: real.iat - 7200, exp: real.iat - 3600 });
    const doomed = await createEmulatorUser();
    const deleted = await fetch(`http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:delete?key=demo-api-key`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ idToken: doomed.idToken }) });
    expect(deleted.status).toBe(200);
    const badTokens = { forged, badSignature, expired, deletedUser: doomed.idToken, garbage: 'not-a-jwt' };

    const call = (route: ApiRoute, token?: string, headers?: Record<string, string>) =>
      t.request(fillPath(route, { key: own.ticketNumber, ticketNumber: own.ticketNumber, id: '1' }), { method: route.method, headers, ...(token ? { token } : {}), ...(route.method === 'GET' ? {} : { json: {} }) });
    const privateRoutes: ApiRoute[] = [];
    for (const route of routes) {
      if ((await call(route)).status !== 401) continue;
      // Staff-only calls refuse every customer token; they are checked by the missing token alone.
      if ((await call(route, alice.idToken)).status === 401) continue;
      privateRoutes.push(route);
    }
    const accepted: string[] = [];
    for (const route of privateRoutes) {
      for (const [name, token] of Object.entries(badTokens)) {
        const response = await call(route, token, freshAddress());
        if (response.status !== 401) accepted.push(`${route.method} ${route.path} with a ${name} token → ${response.status}`);
      }
    }
    console.log(`[access] ${privateRoutes.length} private routes × ${Object.keys(badTokens).length} bad tokens (and none)`);
    expect(privateRoutes.length).toBeGreaterThan(40);
    expect(accepted).toEqual([]);
  });
});

/** Forged values that must never reach a response or a row. */
const FORGED_EMAIL = 'forged-claim-7f3a@example.com';
const FORGED_PHONE = '+12015550177';
const TEN_YEARS = 10 * 365 * 86_400;

/** Customer and staff routes (401 without a token) that Alice's real token gets past sign-in on. */
async function signedInRoutes(): Promise<{ route: ApiRoute; isStaff: boolean }[]> {
  const found: { route: ApiRoute; isStaff: boolean }[] = [];
  for (const route of routes) {
    if ((await callRoute(route)).status !== 401) continue;
    const status = (await callRoute(route, alice.idToken)).status;
    if (status !== 401) found.push({ route, isStaff: status === 403 });
  }
  return found;
}

function callRoute(route: ApiRoute, token?: string, headers?: Record<string, string>): Promise<Response> {
  const path = fillPath(route, { key: own.ticketNumber, ticketNumber: own.ticketNumber, id: '1', position: '1', variant: 'viewing', locationId: '1', callId: '1' });
  return t.request(path, { method: route.method, headers, ...(token ? { token } : {}), ...(route.method === 'GET' ? {} : { json: {} }) });
}

/** Rows in any table whose text holds the value. */
async function rowsMentioning(value: string): Promise<string[]> {
  const tables = await t.db.query<{ table_name: string }>(`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`);
  const found: string[] = [];
  for (const { table_name: table } of tables) {
    const [row] = await t.db.query<{ n: number }>(`select count(*)::int as n from "${table}" t where t::text ilike $1`, [`%${value}%`]);
    if (row && row.n > 0) found.push(`${table}: ${row.n}`);
  }
  return found;
}

const adminAuth = emulatorAdminAuth;

describe('claims a caller adds to a real token (issue 37)', () => {
  it('are never believed: staff, email and phone are the record\'s, a ten-year exp and a guessed sign-in are refused, on every private and staff route', { timeout: 300_000 }, async () => {
    const real = claimsOf(alice.idToken);
    const bobs = claimsOf(bob.idToken);
    const forged = {
      staffClaim: unsigned({ ...real, staff: true }),
      otherEmail: unsigned({ ...real, email: FORGED_EMAIL, email_verified: true, firebase: { identities: { email: [FORGED_EMAIL] }, sign_in_provider: 'password' } }),
      phoneNumber: unsigned({ ...real, phone_number: FORGED_PHONE }),
      tenYearExp: unsigned({ ...real, exp: real.iat + TEN_YEARS }),
      guessedSignIn: unsigned({ ...bobs, auth_time: bobs.auth_time - 1 }),
    };
    const refused = new Set<keyof typeof forged>(['tenYearExp', 'guessedSignIn']);
    const signedIn = await signedInRoutes();
    const believed: string[] = [];
    for (const { route, isStaff } of signedIn) {
      for (const [name, token] of Object.entries(forged) as [keyof typeof forged, string][]) {
        const response = await callRoute(route, token, freshAddress());
        // Refused: 401. Alice's own uid and sign-in with added claims: Alice, a customer (403 on staff routes).
        const isRight = refused.has(name) ? response.status === 401 : isStaff ? response.status === 403 : response.status !== 401 && response.status < 500;
        if (!isRight) believed.push(`${route.method} ${route.path} (${isStaff ? 'staff' : 'customer'}) with ${name} → ${response.status} ${(await response.text()).slice(0, 100)}`);
      }
    }
    const staffCount = signedIn.filter((entry) => entry.isStaff).length;
    console.log(`[access] ${signedIn.length - staffCount} customer and ${staffCount} staff routes × ${Object.keys(forged).length} forged-claim tokens`);
    expect(signedIn.length - staffCount).toBeGreaterThan(40);
    expect(staffCount).toBeGreaterThanOrEqual(9);
    expect(believed).toEqual([]);

    // What the customer calls answer is the record's, and no row anywhere took the forged values.
    const everything = unsigned({ ...real, staff: true, email: FORGED_EMAIL, email_verified: true, phone_number: FORGED_PHONE, name: 'Forged Name' });
    const details = (await (await t.request('/accounts/api/customers/get-customer-details', { token: everything })).json()) as { email: string | null; phone: string | null };
    expect(details).toMatchObject({ email: alice.email, phone: null });
    expect((await t.request('/staff/api/me', { token: everything })).status).toBe(403);
    // A first call (the customer row is made from it) with another's email: the row has the record's.
    const carol = await createEmulatorUser();
    const carolClaims = claimsOf(carol.idToken);
    const first = await t.request('/accounts/api/customers/get-customer-details', { token: unsigned({ ...carolClaims, email: FORGED_EMAIL, phone_number: FORGED_PHONE }) });
    expect(((await first.json()) as { email: string | null }).email).toBe(carol.email);
    expect(await rowsMentioning(FORGED_EMAIL)).toEqual([]);
    expect(await rowsMentioning(FORGED_PHONE.slice(2))).toEqual([]);
  });
});

describe('staff status (issue 37)', () => {
  it('comes from the account record: set through addStaff it counts once the record kept for the last call is RECORD_REUSE_MS old, and a staff token\'s forged email is not believed', { timeout: 60_000 }, async () => {
    const erin = await createEmulatorUser();
    expect((await t.request('/staff/api/me', { token: erin.idToken })).status).toBe(403);
    await addStaff(adminAuth(), erin.email);
    await new Promise((resolve) => setTimeout(resolve, RECORD_REUSE_MS + 50));
    const me = await t.request('/staff/api/me', { token: erin.idToken });
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({ email: erin.email, isStaff: true });
    const claims = claimsOf(erin.idToken);
    const asAnother = await t.request('/staff/api/me', { token: unsigned({ ...claims, email: FORGED_EMAIL }) });
    expect(await asAnother.json()).toEqual({ email: erin.email, isStaff: true });
    expect((await t.request('/staff/api/me', { token: unsigned({ ...claims, exp: claims.iat + TEN_YEARS }), headers: freshAddress() })).status).toBe(401);
  });
});

describe('guessing a sign-in second (issue 37)', () => {
  it('gets 429s after a few tries, from one address or many, while the owner\'s real token keeps working', { timeout: 300_000 }, async () => {
    const gina = await createEmulatorUser();
    const real = claimsOf(gina.idToken);
    const OWNER = { 'X-Forwarded-For': '198.51.100.10' };
    const ownerCall = () => t.request('/accounts/api/customers/get-customer-details', { token: gina.idToken, headers: OWNER });
    const guess = (offset: number, headers: Record<string, string>) =>
      t.request('/accounts/api/customers/get-customer-details', { token: unsigned({ ...real, auth_time: real.auth_time + offset }), headers });
    expect((await ownerCall()).status).toBe(200);

    // One address, 2,000 guesses around the true second; the true one (offset 0) comes late.
    const ONE = { 'X-Forwarded-For': '203.0.113.66' };
    const statuses = new Map<number, number>();
    let rightGuess = 0;
    const started = performance.now();
    for (let index = 0; index < 2000; index += 1) {
      const offset = index === 1500 ? 0 : index < 1500 ? -1 - index : index;
      const response = await guess(offset, ONE);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (offset === 0) rightGuess = response.status;
      if (index === 100) {
        expect(response.headers.get('Retry-After')).toMatch(/^\d+$/);
        expect(await response.json()).toEqual({ message: TOO_MANY_REQUESTS_MESSAGE });
      }
      if (index % 500 === 0) expect((await ownerCall()).status, `owner after ${index} guesses`).toBe(200);
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`[access] 2000 guesses from one address in ${seconds} s: ${JSON.stringify(Object.fromEntries(statuses))}`);
    expect(statuses.get(429)).toBeGreaterThanOrEqual(1990);
    expect([...statuses.keys()].sort()).toEqual([401, 429]);
    // Past the limit tokens are refused unchecked: the right guess is refused like the others.
    expect(rightGuess).toBe(429);

    // 100 addresses, 7 guesses each: each is checked at most 5 times on the uid under attack.
    const spread = new Map<number, number>();
    for (let client = 0; client < 100; client += 1) {
      const address = freshAddress();
      for (let attempt = 0; attempt < 7; attempt += 1) {
        const status = (await guess(10_000 + client * 7 + attempt, address)).status;
        spread.set(status, (spread.get(status) ?? 0) + 1);
      }
    }
    console.log(`[access] 700 guesses from 100 addresses: ${JSON.stringify(Object.fromEntries(spread))}`);
    expect(spread.get(429)).toBe(200);
    expect(spread.get(401)).toBe(500);
    expect((await ownerCall()).status).toBe(200);
    // 100 guesses at once from one more address: counted before they are checked, so 20 are checked.
    const burstAddress = freshAddress();
    const burst = await Promise.all(Array.from({ length: 100 }, (_, index) => guess(20_000 + index, burstAddress)));
    expect(burst.filter((response) => response.status === 401).length).toBe(20);
    expect(burst.filter((response) => response.status === 429).length).toBe(80);
    expect((await ownerCall()).status).toBe(200);
    // The owner's real token from the guessing address is refused too: that address is the one slowed.
    expect((await t.request('/accounts/api/customers/get-customer-details', { token: gina.idToken, headers: ONE })).status).toBe(429);
    // Also where the staff-key-or-customer middleware turns the token away (parking-system, tickets).
    expect((await t.request('/parking-system/api/management/tickets/mine', { token: gina.idToken, headers: ONE })).status).toBe(429);
  });
});
