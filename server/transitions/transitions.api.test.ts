/**
 * POST /transitions/api/transitions with real emulator users and a card enrolled through the real
 * payments API: the transition creates a monthly contract that My Account lists (billed to the
 * card from the 1st of next month); the same access card at the same garage is refused a second
 * time, also to another customer; someone else's card, an unknown garage, bad fields and no token
 * are refused; a made-up access card (not on file at the garage with that phone, migration 0099)
 * is refused with its message and makes nothing, and wrong guesses are slowed per account; staff
 * see the transition in /staff/api/transitions.
 */
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthlyContractPageSchema } from '../../src/contract/monthly-contracts.ts';
import { EMPTY_REGISTRATION_FORM, TRANSITION_MESSAGES, transitionReceiptSchema, type TransitionBody, unknownAccessCardMessage } from '../../src/contract/monthly-transition.ts';
import { paymentSetupSchema, savedPaymentMethodSchema } from '../../src/contract/payments.ts';
import { createStaffUser } from '../staff/staff-testing.ts';
import { createEmulatorUser, emulatorTokenVerifier, type EmulatorUser } from '../testing/emulator-users.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { demoLegacyPhone } from './legacy-cards.ts';

const URL = '/transitions/api/transitions';
let t: TestApp;
let alice: EmulatorUser;
let bob: EmulatorUser;
let aliceCard: number;
let bobCard: number;
let locationId: number;

async function enrolCard(user: EmulatorUser): Promise<number> {
  const post = (path: string, json: unknown, token?: string) => t.request(`/payments/api${path}`, { method: 'POST', json, ...(token ? { token } : {}) });
  const setup = v.parse(paymentSetupSchema, await (await post('/payments/setup/initialize', { systemEntityId: null, paymentId: null }, user.idToken)).json());
  const card = (await (await post('/test-processor/payment-methods', { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123', name: 'Card Holder', zip: '10001' })).json()) as { paymentMethodId: string };
  await post(`/test-processor/setup-intents/${setup.clientSecret}/confirm`, { paymentMethodId: card.paymentMethodId });
  const complete = await post('/payments/setup/complete', { transactionId: setup.transactionIntentId, providerCustomerId: setup.providerCustomerId, paymentMethodId: card.paymentMethodId }, user.idToken);
  return v.parse(savedPaymentMethodSchema, await complete.json()).customerPaymentMethodId;
}

const body = (overrides: Partial<TransitionBody> = {}): TransitionBody => ({
  locationId, customerPaymentMethodId: aliceCard, secomPhoneNumber: '(212) 555-0842', secomAccessCardNumber: '4842', transitionEmailAddress: 'alice.monthly@example.com',
  form: {
    ...EMPTY_REGISTRATION_FORM, firstName: 'Alice', lastName: 'Monthly', street: '10 Main St', city: 'New York', state: 'NY', zipCode: '10001',
    vehicleBrand: 'Honda', vehicleModel: 'Civic', vehicleYear: '2021', vehicleColor: 'Blue', vehicleState: 'NY', vehicleLicensePlate: 'MTH7001',
    vehicleOwnerName: 'Alice Monthly', vehicleOwnerStreet: '10 Main St', vehicleOwnerCity: 'New York', vehicleOwnerState: 'NY', vehicleOwnerZipCode: '10001',
  },
  ...overrides,
});
const messageOf = async (response: Response) => ((await response.json()) as { message: string }).message;

beforeAll(async () => {
  t = await createTestApp({ verifyToken: emulatorTokenVerifier() });
  [alice, bob] = await Promise.all([createEmulatorUser(), createEmulatorUser()]);
  [aliceCard, bobCard] = [await enrolCard(alice), await enrolCard(bob)];
  const location = (await (await t.request('/locations/api/locations/by-number/1042')).json()) as { locationId: number };
  locationId = location.locationId;
});
afterAll(() => t.close());

describe('POST /transitions/api/transitions', () => {
  it('needs a token', async () => {
    expect((await t.request(URL, { method: 'POST', json: body() })).status).toBe(401);
  });

  it("refuses bad fields with the spec's messages, someone else's card and an unknown garage", async () => {
    const bad = await t.request(URL, { method: 'POST', token: alice.idToken, json: body({ secomAccessCardNumber: '', secomPhoneNumber: '12-34', transitionEmailAddress: 'alice@' }) });
    expect(bad.status).toBe(400);
    expect(await messageOf(bad)).toBe(`${TRANSITION_MESSAGES.emailInvalid}; ${TRANSITION_MESSAGES.accessCardRequired}; ${TRANSITION_MESSAGES.phoneFormat}`);
    const noForm = await t.request(URL, { method: 'POST', token: alice.idToken, json: body({ form: { ...body().form, street: ' ', vehicleLicensePlate: 'TOO-LONG-PLATE' } }) });
    expect(await messageOf(noForm)).toBe('Street field is required; License Plate must be 1 to 10 letters and numbers');
    expect((await t.request(URL, { method: 'POST', token: alice.idToken, json: body({ customerPaymentMethodId: bobCard }) })).status).toBe(404);
    const nowhere = await t.request(URL, { method: 'POST', token: alice.idToken, json: body({ locationId: 999_999 }) });
    expect([nowhere.status, await messageOf(nowhere)]).toEqual([404, 'Location not found']);
  });

  it('refuses a garage that offers no monthly parking, with its message, and keeps nothing', async () => {
    // This test's own database: garage 2001 stops offering monthly parking.
    const { locationId: brooklyn } = (await (await t.request('/locations/api/locations/by-number/2001')).json()) as { locationId: number };
    await t.db.query('delete from monthly_rates where location_id = $1', [brooklyn]);
    const response = await t.request(URL, { method: 'POST', token: alice.idToken, json: body({ locationId: brooklyn, secomAccessCardNumber: '7310' }) });
    expect([response.status, await messageOf(response)]).toEqual([400, TRANSITION_MESSAGES.noMonthlyParking]);
    const kept = await t.db.query<{ n: number }>('select count(*)::int as n from monthly_transitions where location_id = $1', [brooklyn]);
    expect(kept[0]?.n).toBe(0);
  });

  it('refuses a made-up access card, and a real one with another phone, and keeps nothing', async () => {
    const countOf = async () => (await t.db.query<{ n: number }>('select count(*)::int as n from monthly_contracts mc join customers c on c.customer_id = mc.customer_id where c.uid = $1', [bob.uid]))[0]?.n;
    const before = await countOf();
    const madeUp = await t.request(URL, { method: 'POST', token: bob.idToken, json: body({ customerPaymentMethodId: bobCard, secomAccessCardNumber: '1234' }) });
    expect([madeUp.status, await messageOf(madeUp)]).toEqual([404, unknownAccessCardMessage('1234')]);
    expect(demoLegacyPhone('4857')).toBe('(212) 555-0857');
    const otherPhone = await t.request(URL, { method: 'POST', token: bob.idToken, json: body({ customerPaymentMethodId: bobCard, secomAccessCardNumber: '4857', secomPhoneNumber: '(212) 555-0842' }) });
    expect([otherPhone.status, await messageOf(otherPhone)]).toEqual([404, unknownAccessCardMessage('4857')]);
    expect(await countOf()).toBe(before);
    const kept = await t.db.query<{ n: number }>("select count(*)::int as n from monthly_transitions where secom_access_card_number in ('1234', '4857')");
    expect(kept[0]?.n).toBe(0);
  });

  it('slows wrong access cards per account: the 11th in an hour is 429, even with a real card', async () => {
    const carol = await createEmulatorUser();
    const carolCard = await enrolCard(carol);
    for (let guess = 0; guess < 10; guess += 1) {
      const response = await t.request(URL, { method: 'POST', token: carol.idToken, json: body({ customerPaymentMethodId: carolCard, secomAccessCardNumber: String(1000 + guess) }) });
      expect(response.status).toBe(404);
    }
    const real = await t.request(URL, { method: 'POST', token: carol.idToken, json: body({ customerPaymentMethodId: carolCard, secomAccessCardNumber: '4868', secomPhoneNumber: demoLegacyPhone('4868') }) });
    expect(real.status).toBe(429);
    // Another account is not held back by Carol's guesses.
    const byBob = await t.request(URL, { method: 'POST', token: bob.idToken, json: body({ customerPaymentMethodId: bobCard, secomAccessCardNumber: '4868', secomPhoneNumber: demoLegacyPhone('4868'), form: { ...body().form, vehicleLicensePlate: 'BOB4868' } }) });
    expect(byBob.status).toBe(201);
  });

  it('creates the contract My Account lists, and refuses the same access card a second time', async () => {
    const before = v.parse(monthlyContractPageSchema, await (await t.request('/payments/api/monthly-contracts', { token: alice.idToken })).json());
    const response = await t.request(URL, { method: 'POST', token: alice.idToken, json: body() });
    expect(response.status).toBe(201);
    const receipt = v.parse(transitionReceiptSchema, await response.json());
    expect(receipt.startUtc).toBe('2026-12-01T05:00:00.000Z'); // the 1st of next month, midnight in New York
    expect(receipt.message).toBe(TRANSITION_MESSAGES.thankYou);

    const after = v.parse(monthlyContractPageSchema, await (await t.request('/payments/api/monthly-contracts', { token: alice.idToken })).json());
    expect(after.totalElementCount).toBe(before.totalElementCount + 1);
    expect(after.results[0]).toMatchObject({ monthlyContractId: receipt.monthlyContractId, customerPaymentMethodId: aliceCard, startUtc: '2026-12-01T05:00:00.000Z', monthlyReservation: expect.objectContaining({ locationId, fullName: 'Alice Monthly' }) });
    // One status everywhere (decision 0113): this month was paid in the old system, so the list, the
    // contract and the reservation all say so — never "Awaiting first payment".
    expect(after.results[0]).toMatchObject({ status: 'Active', monthlyReservation: expect.objectContaining({ isPaid: true }) });
    const reservationId = after.results[0]?.monthlyReservation.monthlyReservationId;
    const reservation = (await (await t.request(`/reservations/api/monthly-reservations/${reservationId}`, { token: alice.idToken })).json()) as { isPaid: boolean };
    expect(reservation.isPaid).toBe(true);
    const [contract] = await t.db.query<{ customer_payment_method_id: number }>('select customer_payment_method_id from monthly_contracts where monthly_contract_id = $1', [receipt.monthlyContractId]);
    expect(contract?.customer_payment_method_id).toBe(aliceCard);

    const again = await t.request(URL, { method: 'POST', token: alice.idToken, json: body({ secomAccessCardNumber: ' 4842 ' }) });
    expect([again.status, await messageOf(again)]).toEqual([409, 'Access card 4842 has already been moved to an online account. If this is not you, please call us.']);
    const byBob = await t.request(URL, { method: 'POST', token: bob.idToken, json: body({ customerPaymentMethodId: bobCard }) });
    expect(byBob.status).toBe(409);
    const contracts = await t.db.query<{ n: number }>('select count(*)::int as n from monthly_transitions where location_id = $1 and secom_access_card_number = $2', [locationId, '4842']);
    expect(contracts[0]?.n).toBe(1);
  });

  it('shows the transition to staff, searchable, and refuses the list to customers', async () => {
    const staff = await createStaffUser();
    const list = await t.request('/staff/api/transitions?q=mth7001', { token: staff.idToken });
    expect(list.status).toBe(200);
    expect(((await list.json()) as { results: unknown[] }).results).toEqual([
      expect.objectContaining({ locationNumber: '1042', accessCardNumber: '4842', fullName: 'Alice Monthly', email: 'alice.monthly@example.com', vehicleLicensePlate: 'MTH7001' }),
    ]);
    expect((await t.request('/staff/api/transitions', { token: alice.idToken })).status).toBe(403);
  });
});
