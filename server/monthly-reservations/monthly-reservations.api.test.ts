/**
 * Monthly sign-up through the real app: a ticket-system garage needs a verified email and a valid
 * registration form; the reservation, its contract and the first month (prorated plus the service
 * fee) are created once whatever the retries; paying that month with a card makes the card the
 * contract's and issues the monthly barcode; the access pass names it. A garage outside the
 * ticket system takes the contact form and becomes a monthly application. Another customer's
 * records are 404, bad input 400. An unpaid sign-up is listed for 30 minutes, or until a newer
 * sign-up for the same garage and plate (migration 0099): never as a duplicate.
 */
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthlyContractPageSchema, monthlyContractSchema } from '../../src/contract/monthly-contracts.ts';
import {
  badgeSessionSchema, MONTHLY_SIGN_UP_MESSAGES, monthlyApplicationSchema, monthlyReservationPageSchema, monthlyReservationSchema, monthlyTicketPageSchema,
  monthlyTicketSchema, type MonthlyForm,
} from '../../src/contract/monthly-reservations.ts';
import { monthlyCalculationSchema, monthlyRateListSchema } from '../../src/contract/rates.ts';
import { paymentSetupSchema, savedPaymentMethodSchema } from '../../src/contract/payments.ts';
import { createEmulatorUser, emulatorTokenVerifier, type EmulatorUser } from '../testing/emulator-users.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

const TICKET_SYSTEM_LOCATION = 3;
let t: TestApp;
let alice: EmulatorUser;
let bob: EmulatorUser;
let otherLocation = 0;

const post = (path: string, json: unknown, token?: string) => t.request(path, { method: 'POST', json, ...(token ? { token } : {}) });
const messageOf = async (response: Response) => ((await response.json()) as { message: string }).message;

const FORM: MonthlyForm = {
  firstName: 'Alice', lastName: 'Commuter', fullName: 'Alice Commuter', email: null, optOutEmails: false,
  street: '1 Main St', city: 'Hoboken', state: 'NJ', zipCode: '07030', country: 'United States', phoneNumber: '2015550199',
  vehicleBrand: 'Toyota', vehicleModel: 'Corolla', vehicleYear: '2020', vehicleColor: 'Blue', vehicleState: 'NJ', vehicleLicensePlate: 'alc123',
  vehicleOwnerName: 'Alice Commuter', vehicleOwnerStreet: '1 Main St', vehicleOwnerCity: 'Hoboken', vehicleOwnerState: 'NJ', vehicleOwnerZipCode: '07030', vehicleOwnerCountry: 'United States',
};

async function rateInstance(locationId: number, checkInDateUtc = '2026-11-23') {
  const rates = v.parse(monthlyRateListSchema, await (await post('/rates/api/monthly-rates/search', { locationIds: [locationId], checkInDateUtc })).json());
  const rate = rates[0];
  if (!rate) throw new Error(`no monthly rate at ${locationId}`);
  const response = await post('/rates/api/monthly-rates/calculate', { monthlyRateId: rate.monthlyRateId, checkInDateUtc, isBusiness: false, multipleVehiclePasses: false, isOversizedVehicle: false, isTaxExempt: false, isResident: false });
  return v.parse(monthlyCalculationSchema, await response.json());
}

const signUp = (user: EmulatorUser, monthlyRateInstanceId: string, form: MonthlyForm | null = FORM) =>
  post('/reservations/api/monthly-reservations', { monthlyRateInstanceId, phoneNumber: '2015550199', email: user.email, fullName: 'Alice Commuter', monthlyReservationForm: form }, user.idToken);

async function customerIdOf(user: EmulatorUser): Promise<number> {
  return ((await (await t.request('/accounts/api/customers/get-customer-details', { token: user.idToken })).json()) as { customerId: number }).customerId;
}

beforeAll(async () => {
  t = await createTestApp({ verifyToken: emulatorTokenVerifier() });
  [alice, bob] = await Promise.all([createEmulatorUser(), createEmulatorUser()]);
  await Promise.all([customerIdOf(alice), customerIdOf(bob)]);
  const [row] = await t.db.query<{ location_id: number }>('select l.location_id from locations l join monthly_rates m using (location_id) where not l.ski_data_location order by 1 limit 1');
  otherLocation = row?.location_id ?? 0;
});
afterAll(() => t.close());

describe('sign-up at a ticket-system garage', () => {
  let reservationId = 0;
  let contractId = 0;
  let instanceId = '';
  let calculation: Awaited<ReturnType<typeof rateInstance>>;

  it('asks for a verified email first', async () => {
    calculation = await rateInstance(TICKET_SYSTEM_LOCATION);
    instanceId = calculation.monthlyRateInstanceId;
    const refused = await signUp(alice, instanceId);
    expect(refused.status).toBe(403);
    expect(await messageOf(refused)).toBe(MONTHLY_SIGN_UP_MESSAGES.verifyEmailFirst);
    await t.db.query('update customers set email_verified = true where uid = $1', [alice.uid]);
  });

  it('checks the registration form with the spec texts', async () => {
    const noStreet = await signUp(alice, instanceId, { ...FORM, street: null });
    expect(noStreet.status).toBe(400);
    expect(await messageOf(noStreet)).toBe('Street field is required');
    const badPlate = await signUp(alice, instanceId, { ...FORM, vehicleLicensePlate: 'AB-12' });
    expect(await messageOf(badPlate)).toBe('License Plate must contain only letters and numbers');
    const badPhone = await signUp(alice, instanceId, { ...FORM, phoneNumber: '12' });
    expect(await messageOf(badPhone)).toBe('Phone field is invalid');
    expect((await signUp(alice, instanceId, null)).status).toBe(400);
  });

  it('creates one reservation, contract and prorated first month whatever the retries', async () => {
    const [first, again] = [await signUp(alice, instanceId), await signUp(alice, instanceId)];
    expect(first.status).toBe(200);
    const reservation = v.parse(monthlyReservationSchema, await first.json());
    expect(v.parse(monthlyReservationSchema, await again.json()).monthlyReservationId).toBe(reservation.monthlyReservationId);
    expect(reservation).toMatchObject({ locationId: TICKET_SYSTEM_LOCATION, isPaid: false, form: { vehicleLicensePlate: 'ALC123' } });
    reservationId = reservation.monthlyReservationId;
    contractId = reservation.monthlyContractId ?? 0;
    const contract = v.parse(monthlyContractSchema, await (await t.request(`/payments/api/monthly-contracts/${contractId}`, { token: alice.idToken })).json());
    // Nov 23 → Dec 1: the prorated value plus the service fee, as the calculation showed.
    expect(contract.monthlyContractPeriods).toHaveLength(1);
    expect(contract.monthlyContractPeriods[0]).toMatchObject({ startUtc: '2026-11-23T05:00:00.000Z', endUtc: '2026-12-01T05:00:00.000Z', kind: 'prorated', isPaid: false });
    expect(contract.monthlyContractPeriods[0]?.amount).toBeCloseTo(calculation.appliedProRateValueWithTax + calculation.appliedServiceFeeAmountWithTax, 2);
    expect(contract.amount).toBeCloseTo(calculation.appliedRateValueWithTax, 2);
    const [count] = await t.db.query<{ n: number }>('select count(*)::int as n from monthly_contracts where monthly_reservation_id = $1', [reservationId]);
    expect(count?.n).toBe(1);
    // Three taps at once on a new quote: still one reservation.
    const quote = await rateInstance(TICKET_SYSTEM_LOCATION, '2026-11-25');
    const taps = await Promise.all([1, 2, 3].map(() => signUp(alice, quote.monthlyRateInstanceId)));
    expect(taps.map((tap) => tap.status)).toEqual([200, 200, 200]);
    const ids = new Set(await Promise.all(taps.map(async (tap) => v.parse(monthlyReservationSchema, await tap.json()).monthlyReservationId)));
    expect(ids.size).toBe(1);
    const [contracts] = await t.db.query<{ n: number }>('select count(*)::int as n from monthly_reservations where monthly_rate_instance_id = $1::uuid', [quote.monthlyRateInstanceId]);
    expect(contracts?.n).toBe(1);
    // The same rate instance is not Bob's to sign up with.
    await t.db.query('update customers set email_verified = true where uid = $1', [bob.uid]);
    expect((await signUp(bob, instanceId)).status).toBe(409);
  });

  it('no barcode before the first month is paid; paying it with a saved card attaches the card and issues the barcode', async () => {
    const early = await t.request(`/tickets/api/monthly-tickets/monthly-reservations/${reservationId}`, { token: alice.idToken });
    expect(early.status).toBe(404);

    const setup = v.parse(paymentSetupSchema, await (await post('/payments/api/payments/setup/initialize', { systemEntityId: null, paymentId: null }, alice.idToken)).json());
    const card = (await (await post('/payments/api/test-processor/payment-methods', { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123', name: 'Alice', zip: '07030' })).json()) as { paymentMethodId: string };
    await post(`/payments/api/test-processor/setup-intents/${setup.clientSecret}/confirm`, { paymentMethodId: card.paymentMethodId });
    const saved = v.parse(savedPaymentMethodSchema, await (await post('/payments/api/payments/setup/complete', { transactionId: setup.transactionIntentId, providerCustomerId: setup.providerCustomerId, paymentMethodId: card.paymentMethodId }, alice.idToken)).json());
    const contract = v.parse(monthlyContractSchema, await (await t.request(`/payments/api/monthly-contracts/${contractId}`, { token: alice.idToken })).json());
    const firstMonth = `monthly-period:${contract.monthlyContractPeriods[0]?.monthlyContractPeriodId}`;
    const paid = await post(`/payments/api/payments/methods/${saved.customerPaymentMethodId}/charge`, { systemEntityId: firstMonth }, alice.idToken);
    expect(paid.status).toBe(200);

    const after = v.parse(monthlyContractSchema, await (await t.request(`/payments/api/monthly-contracts/${contractId}`, { token: alice.idToken })).json());
    expect(after).toMatchObject({ customerPaymentMethodId: saved.customerPaymentMethodId, isContractDue: false, isBlocked: false });
    const reservation = v.parse(monthlyReservationSchema, await (await t.request(`/reservations/api/monthly-reservations/${reservationId}`, { token: alice.idToken })).json());
    expect(reservation.isPaid).toBe(true);

    const ticket = v.parse(monthlyTicketSchema, await (await t.request(`/tickets/api/monthly-tickets/monthly-reservations/${reservationId}`, { token: alice.idToken })).json());
    expect(ticket).toMatchObject({ monthlyReservationId: reservationId, locationId: TICKET_SYSTEM_LOCATION, isActive: true, licensePlate: 'ALC123' });
    const again = v.parse(monthlyTicketSchema, await (await t.request(`/tickets/api/monthly-tickets/monthly-reservations/${reservationId}`, { token: alice.idToken })).json());
    expect(again.monthlyBarcode).toBe(ticket.monthlyBarcode);
    const list = v.parse(monthlyTicketPageSchema, await (await t.request('/tickets/api/monthly-tickets/0/9999', { token: alice.idToken })).json());
    expect(list.results.map((item) => item.monthlyBarcode)).toEqual([ticket.monthlyBarcode]);

    const badge = await post('/accounts/api/customers/create-badge-session', { customerId: await customerIdOf(alice), licensePlate: 'alc123', state: 'NJ' }, alice.idToken);
    expect(badge.status).toBe(200);
    expect(v.parse(badgeSessionSchema, await badge.json())).toMatchObject({ monthlyBarcode: ticket.monthlyBarcode, isActive: true, licensePlate: 'ALC123' });
  });

  it('lists and edits the registration form', async () => {
    const page = v.parse(monthlyReservationPageSchema, await (await t.request('/reservations/api/monthly-reservations/0/100', { token: alice.idToken })).json());
    expect(page.results.map((item) => item.monthlyReservationId)).toContain(reservationId);
    expect(page.totalElementCount).toBe(2);
    const saved = await t.request(`/reservations/api/monthly-reservations/${reservationId}/form`, { method: 'PUT', json: { ...FORM, vehicleColor: 'Red' }, token: alice.idToken });
    expect(saved.status).toBe(200);
    expect(v.parse(monthlyReservationSchema, await saved.json()).form?.vehicleColor).toBe('Red');
    const invalid = await t.request(`/reservations/api/monthly-reservations/${reservationId}/form`, { method: 'PUT', json: { ...FORM, city: '' }, token: alice.idToken });
    expect(invalid.status).toBe(400);
    expect(await messageOf(invalid)).toBe('City field is required');
  });

  it("refuses another customer's records", async () => {
    const bobsCustomerId = await customerIdOf(bob);
    for (const path of [`/reservations/api/monthly-reservations/${reservationId}`, `/tickets/api/monthly-tickets/monthly-reservations/${reservationId}`, `/payments/api/monthly-contracts/${contractId}/details`]) {
      expect((await t.request(path, { token: bob.idToken })).status).toBe(404);
    }
    expect((await t.request(`/reservations/api/monthly-reservations/${reservationId}/form`, { method: 'PUT', json: FORM, token: bob.idToken })).status).toBe(404);
    for (const action of ['suspend', 'resume']) expect((await post(`/payments/api/monthly-contracts/${contractId}/${action}`, {}, bob.idToken)).status).toBe(404);
    expect((await post(`/payments/api/monthly-contracts/${contractId}/payment`, { customerPaymentMethodId: 1 }, bob.idToken)).status).toBe(404);
    expect((await post(`/payments/api/monthly-contracts/${contractId}/payment-methods/1/attach`, {}, bob.idToken)).status).toBe(404);
    // Alice's customer id in Bob's badge request, and Alice's plate under Bob's own id.
    expect((await post('/accounts/api/customers/create-badge-session', { customerId: await customerIdOf(alice), licensePlate: 'ALC123', state: 'NJ' }, bob.idToken)).status).toBe(404);
    expect((await post('/accounts/api/customers/create-badge-session', { customerId: bobsCustomerId, licensePlate: 'ALC123', state: 'NJ' }, bob.idToken)).status).toBe(404);
  });
});

describe('abandoned sign-ups (decision 0113)', () => {
  it('an unpaid sign-up is not listed once a newer one for the same garage and plate exists, nor after 30 minutes', async () => {
    const carol = await createEmulatorUser();
    await customerIdOf(carol);
    await t.db.query('update customers set email_verified = true where uid = $1', [carol.uid]);
    const listed = async () => {
      const reservations = v.parse(monthlyReservationPageSchema, await (await t.request('/reservations/api/monthly-reservations/0/100', { token: carol.idToken })).json());
      const contracts = v.parse(monthlyContractPageSchema, await (await t.request('/payments/api/monthly-contracts', { token: carol.idToken })).json());
      expect(contracts.totalElementCount).toBe(reservations.totalElementCount);
      return { reservations: reservations.results.map((item) => item.monthlyReservationId), contracts: contracts.results.map((item) => item.monthlyReservation.monthlyReservationId), statuses: contracts.results.map((item) => item.status) };
    };
    const idOf = async (response: Response) => v.parse(monthlyReservationSchema, await response.json()).monthlyReservationId;
    const first = await idOf(await signUp(carol, (await rateInstance(TICKET_SYSTEM_LOCATION)).monthlyRateInstanceId));
    expect(await listed()).toEqual({ reservations: [first], contracts: [first], statuses: ['Awaiting first payment'] });

    // Back on the sign-up screen, the same garage and plate again: only the newer one is listed.
    t.clock.now = new Date('2026-11-23T19:05:00Z');
    const second = await idOf(await signUp(carol, (await rateInstance(TICKET_SYSTEM_LOCATION)).monthlyRateInstanceId));
    expect(await listed()).toEqual({ reservations: [second], contracts: [second], statuses: ['Awaiting first payment'] });
    // Another plate is another subscription, not a duplicate.
    const otherCar = await idOf(await signUp(carol, (await rateInstance(TICKET_SYSTEM_LOCATION)).monthlyRateInstanceId, { ...FORM, vehicleLicensePlate: 'CRL999' }));
    expect((await listed()).reservations).toEqual([otherCar, second]);

    // 30 minutes after it was made, an unpaid sign-up is no longer listed; 29 minutes, still is.
    t.clock.now = new Date('2026-11-23T19:34:00Z');
    expect((await listed()).reservations).toEqual([otherCar, second]);
    t.clock.now = new Date('2026-11-23T19:35:00Z');
    expect((await listed()).reservations).toEqual([]);
    // The customer's own sign-up is still found by its id (the sign-up screen keeps it across retries).
    expect((await t.request(`/reservations/api/monthly-reservations/${second}`, { token: carol.idToken })).status).toBe(200);
    t.clock.now = new Date('2026-11-23T19:00:00Z');
    expect(first).toBeLessThan(second);
  });
});

describe('sign-up at a garage outside the ticket system', () => {
  it('takes the contact form and becomes a monthly application', async () => {
    const calculation = await rateInstance(otherLocation);
    const noName = await post('/reservations/api/monthly-reservations', { monthlyRateInstanceId: calculation.monthlyRateInstanceId, phoneNumber: '2015550199', email: bob.email, fullName: ' ', monthlyReservationForm: null }, bob.idToken);
    expect(await messageOf(noName)).toBe('Name field is required');
    const created = await post('/reservations/api/monthly-reservations', { monthlyRateInstanceId: calculation.monthlyRateInstanceId, phoneNumber: '2015550199', email: bob.email, fullName: 'Bob Contact', monthlyReservationForm: null }, bob.idToken);
    expect(created.status).toBe(200);
    const reservation = v.parse(monthlyReservationSchema, await created.json());
    expect(reservation).toMatchObject({ monthlyContractId: null, form: null, fullName: 'Bob Contact' });
    const [application] = await t.db.query<{ monthly_application_id: number }>('select monthly_application_id from monthly_applications where monthly_reservation_id = $1', [reservation.monthlyReservationId]);
    const read = await t.request(`/reservations/api/monthly-applications/${application?.monthly_application_id}`, { token: bob.idToken });
    expect(v.parse(monthlyApplicationSchema, await read.json())).toMatchObject({ status: 'Received', checkInDate: '2026-11-23' });
    const updated = await t.request(`/reservations/api/monthly-applications/${application?.monthly_application_id}`, { method: 'PUT', json: { fullName: 'Bob C.', email: bob.email, phoneNumber: '2015550111', notes: 'Call after 5pm' }, token: bob.idToken });
    expect(v.parse(monthlyApplicationSchema, await updated.json())).toMatchObject({ fullName: 'Bob C.', notes: 'Call after 5pm' });
    expect((await t.request(`/reservations/api/monthly-applications/${application?.monthly_application_id}`, { token: alice.idToken })).status).toBe(404);
  });
});

describe('bad input', () => {
  it.each([
    ['POST', '/reservations/api/monthly-reservations', { monthlyRateInstanceId: 'nope' }],
    ['POST', '/reservations/api/monthly-reservations', { monthlyRateInstanceId: '00000000-0000-4000-8000-000000000000', phoneNumber: 5, email: null, fullName: 'x', monthlyReservationForm: null }],
    ['GET', '/reservations/api/monthly-reservations/abc', undefined],
    ['GET', '/reservations/api/monthly-reservations/0/0', undefined],
    ['GET', '/tickets/api/monthly-tickets/0/10000', undefined],
    ['GET', '/tickets/api/monthly-tickets/monthly-reservations/x1', undefined],
    ['POST', '/accounts/api/customers/create-badge-session', { customerId: 'me', licensePlate: 'A', state: 'NY' }],
    ['POST', '/accounts/api/customers/create-badge-session', { customerId: 1, licensePlate: 'A-B', state: 'NY' }],
    ['POST', '/payments/api/monthly-contracts/1/payment', { customerPaymentMethodId: 'card' }],
    ['POST', '/payments/api/monthly-contracts/x/suspend', {}],
    ['POST', '/payments/api/monthly-contracts/1/payment-methods/abc/attach', {}],
  ])('%s %s answers 400 with a message', async (method, path, json) => {
    const response = await t.request(path, { method, ...(json === undefined ? {} : { json }), token: alice.idToken });
    expect(response.status).toBe(400);
    expect(await messageOf(response)).toEqual(expect.any(String));
  });

  it('an unknown rate instance is 404, a start date too far ahead is 400 with the spec text', async () => {
    const unknown = await signUp(alice, '00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    const calculation = await rateInstance(TICKET_SYSTEM_LOCATION, '2027-02-20');
    t.clock.now = new Date('2026-11-01T15:00:00Z');
    const tooFar = await signUp(alice, calculation.monthlyRateInstanceId);
    t.clock.now = new Date('2026-11-23T19:00:00Z');
    expect(tooFar.status).toBe(400);
    expect(await messageOf(tooFar)).toBe('Requested Start date is invalid, it cannot be greater than 01/30/2027');
  });

  it('every call needs a token', async () => {
    for (const [method, path] of [['GET', '/reservations/api/monthly-reservations/1'], ['POST', '/reservations/api/monthly-reservations'], ['GET', '/tickets/api/monthly-tickets/0/10'], ['POST', '/accounts/api/customers/create-badge-session']] as const) {
      expect((await t.request(path, { method, ...(method === 'POST' ? { json: {} } : {}) })).status).toBe(401);
    }
  });
});
