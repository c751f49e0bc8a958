/**
 * The billing cycle through the real app and database (PGlite and PostgreSQL runs), on the
 * built-in test processor with emulator users:
 * - across the November → December boundary: Alice's card is charged, Bob's declines; Bob's
 *   contract is then due, his monthly ticket pays the transient rate at the gate, he pays the
 *   balance from his account and the gate lets him out as monthly again;
 * - run twice, after a crash halfway (before and after the processor took the money), and two runs
 *   at once: each contract's month is charged once;
 * - suspension with notice by the 25th skips the month (a "suspended" period, nothing charged),
 *   resumption bills again.
 */
import * as v from 'valibot';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthlyContractSchema, type MonthlyContract } from '../../src/contract/monthly-contracts.ts';
import { ticketRateSchema } from '../../src/contract/parking-system.ts';
import { paymentSetupSchema, savedPaymentMethodSchema } from '../../src/contract/payments.ts';
import { firstOfNewYorkMonth } from '../monthly-contracts/contract-view.ts';
import { insertMonthlyContract } from '../monthly-contracts/queries.ts';
import { insertTicket } from '../parking-system/ticket-store.ts';
import { createTestProcessor } from '../payments/test-processor.ts';
import { createEmulatorUser, emulatorTokenVerifier, type EmulatorUser } from '../testing/emulator-users.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { STAFF_HEADERS } from '../testing/ticket-test-kit.ts';
import { type BillingCycle, CLAIM_STALE_AFTER_MS, createBillingCycle } from './billing-cycle.ts';

const LOCATION_ID = 3;
const FEE_CENTS = 45_000;
const NOVEMBER = new Date('2026-11-01T04:00:00Z');
const DECEMBER = new Date('2026-12-01T05:00:00Z');
const JANUARY = new Date('2027-01-01T05:00:00Z');
const DEC_1 = Temporal.PlainDate.from('2026-12-01');
const JAN_5 = Temporal.PlainDate.from('2027-01-05');

let t: TestApp;
let cycle: BillingCycle;
let plateCount = 0;

type Driver = { user: EmulatorUser; contractId: number; cardId: number; plate: string; ticket: string };

const post = (path: string, json: unknown, token: string) => t.request(path, { method: 'POST', json, token });

async function enrol(user: EmulatorUser, number: string): Promise<number> {
  const setup = v.parse(paymentSetupSchema, await (await post('/payments/api/payments/setup/initialize', { systemEntityId: null, paymentId: null }, user.idToken)).json());
  const card = (await (await t.request('/payments/api/test-processor/payment-methods', { method: 'POST', json: { number, expMonth: 12, expYear: 2030, cvc: '123', name: 'Driver', zip: '10001' } })).json()) as { paymentMethodId: string };
  await t.request(`/payments/api/test-processor/setup-intents/${setup.clientSecret}/confirm`, { method: 'POST', json: { paymentMethodId: card.paymentMethodId } });
  const complete = await post('/payments/api/payments/setup/complete', { transactionId: setup.transactionIntentId, providerCustomerId: setup.providerCustomerId, paymentMethodId: card.paymentMethodId }, user.idToken);
  expect(complete.status).toBe(200);
  return v.parse(savedPaymentMethodSchema, await complete.json()).customerPaymentMethodId;
}

/** A customer with a contract started in November (paid), a card attached through the API, and the monthly ticket on the lot. */
async function driverWith(cardNumber: string): Promise<Driver> {
  const user = await createEmulatorUser();
  const details = await t.request('/accounts/api/customers/get-customer-details', { token: user.idToken });
  const { customerId } = (await details.json()) as { customerId: number };
  plateCount += 1;
  const plate = `BIL${String(plateCount).padStart(3, '0')}${Math.random().toString(36).slice(2, 4).toUpperCase()}`;
  const contractId = await insertMonthlyContract(t.db, {
    customerId, locationId: LOCATION_ID, monthlyRateId: null, fullName: 'Monthly Driver', email: user.email, phoneNumber: null,
    form: { vehicleLicensePlate: plate }, amountCents: FEE_CENTS, startUtc: NOVEMBER, createdAt: NOVEMBER,
    periods: [{ startUtc: NOVEMBER, endUtc: DECEMBER, paidAt: NOVEMBER }],
  });
  const cardId = await enrol(user, cardNumber);
  const attached = await post(`/payments/api/monthly-contracts/${contractId}/payment-methods/${cardId}/attach`, {}, user.idToken);
  expect(attached.status).toBe(200);
  const ticket = `M${plate.slice(3, 9)}`.padEnd(7, 'X').slice(0, 7);
  await insertTicket(t.db, { ticketNumber: ticket, locationId: LOCATION_ID, licensePlate: plate, entry: new Date(t.clock.now.getTime() - 3_600_000), customerUid: null, isMonthly: true, now: t.clock.now, source: 'test' });
  return { user, contractId, cardId, plate, ticket };
}

async function contractOf(driver: Driver): Promise<MonthlyContract> {
  const response = await t.request(`/payments/api/monthly-contracts/${driver.contractId}`, { token: driver.user.idToken });
  expect(response.status).toBe(200);
  return v.parse(monthlyContractSchema, await response.json());
}

async function gateAmountDue(driver: Driver): Promise<number> {
  const response = await t.request(`/parking-system/api/management/tickets/${driver.ticket}/rate`, { headers: STAFF_HEADERS });
  expect(response.status).toBe(200);
  return v.parse(ticketRateSchema, await response.json()).amountDue;
}

/** Money the processor took for a contract's month, and the app's record of it. */
async function chargesOf(contractId: number, monthStart: Date) {
  const [row] = await t.db.query<{ succeeded: number; intents: number }>(
    `select (select count(*)::int from payments pay where pay.system_entity_id = 'monthly-period:' || p.monthly_contract_period_id and pay.status = 'succeeded') as succeeded,
            (select count(*)::int from test_processor_intents i join payments pay on pay.provider_intent_id = i.intent_id
              where pay.system_entity_id = 'monthly-period:' || p.monthly_contract_period_id and i.status = 'succeeded') as intents
     from monthly_contract_periods p where p.monthly_contract_id = $1 and p.start_utc = $2`,
    [contractId, monthStart],
  );
  return row ?? { succeeded: 0, intents: 0 };
}

function newCycle(worker: string): BillingCycle {
  const now = () => new Date(t.clock.now);
  return createBillingCycle({ db: t.db, now, provider: createTestProcessor(t.db, now), worker });
}

beforeAll(async () => {
  t = await createTestApp({ verifyToken: emulatorTokenVerifier() });
  t.clock.now = new Date('2026-11-23T19:00:00Z');
  cycle = newCycle('test-a');
});
afterAll(() => t.close());

describe('the 1st of December', () => {
  let alice: Driver;
  let bob: Driver;

  beforeAll(async () => {
    [alice, bob] = [await driverWith('4242424242424242'), await driverWith('4000000000000341')];
    expect(await gateAmountDue(bob)).toBe(0);
    t.clock.now = new Date('2026-12-01T06:15:00Z');
  });

  it('charges a good card, marks a declined one due, and the gate charges the transient rate', async () => {
    const report = await cycle.runForMonth(DEC_1);
    expect(report.month).toBe('2026-12');
    expect(report.paid).toBeGreaterThanOrEqual(1);
    expect(report.declined).toBeGreaterThanOrEqual(1);

    const aliceContract = await contractOf(alice);
    expect(aliceContract).toMatchObject({ isContractDue: false, isBlocked: false, periodsDue: 0, amountDue: 0, nextPaymentUtc: JANUARY.toISOString() });
    expect(aliceContract.monthlyContractPeriods.map((period) => [period.startUtc, period.isPaid, period.amount, period.kind])).toEqual([
      [NOVEMBER.toISOString(), true, 450, 'billed'], [DECEMBER.toISOString(), true, 450, 'billed'],
    ]);
    expect(await chargesOf(alice.contractId, DECEMBER)).toEqual({ succeeded: 1, intents: 1 });
    expect(await gateAmountDue(alice)).toBe(0);

    expect(await contractOf(bob)).toMatchObject({ isContractDue: true, isBlocked: true, periodsDue: 1, amountDue: 450, monthlyReservation: { isContractBlocked: true } });
    expect(await chargesOf(bob.contractId, DECEMBER)).toEqual({ succeeded: 0, intents: 0 });
    expect(await gateAmountDue(bob)).toBeGreaterThan(0);
  });

  it('a second run, and a run later in the month, charge nobody again (the declined month is not retried by itself)', async () => {
    const again = await cycle.runForMonth(DEC_1);
    t.clock.now = new Date('2026-12-15T15:00:00Z');
    const later = await newCycle('test-b').runForMonth(Temporal.PlainDate.from('2026-12-15'));
    for (const report of [again, later]) expect(report).toMatchObject({ paid: 0, declined: 0, noCard: 0, left: 0 });
    expect(await chargesOf(alice.contractId, DECEMBER)).toEqual({ succeeded: 1, intents: 1 });
    const [attempts] = await t.db.query<{ n: number }>(`select count(*)::int as n from payments where system_entity_id like 'monthly-period:%' and owner_uid = $1`, [bob.user.uid]);
    expect(attempts?.n).toBe(1);
  });

  it('Bob pays the balance from his account with a good card: paid up, and the gate lets him out as monthly', async () => {
    const declinedAgain = await post(`/payments/api/monthly-contracts/${bob.contractId}/payment`, { customerPaymentMethodId: bob.cardId }, bob.user.idToken);
    expect(declinedAgain.status).toBe(402);
    expect(((await declinedAgain.json()) as { message: string }).message).toBe('Your card was declined.');

    const goodCard = await enrol(bob.user, '5555555555554444');
    const paid = await post(`/payments/api/monthly-contracts/${bob.contractId}/payment`, { customerPaymentMethodId: goodCard }, bob.user.idToken);
    expect(paid.status).toBe(200);
    expect(v.parse(monthlyContractSchema, await paid.json())).toMatchObject({ isContractDue: false, isBlocked: false, periodsDue: 0, amountDue: 0 });
    expect(await chargesOf(bob.contractId, DECEMBER)).toEqual({ succeeded: 1, intents: 1 });
    expect(await gateAmountDue(bob)).toBe(0);

    // Paying again finds nothing due; the month stays paid once.
    const twice = await post(`/payments/api/monthly-contracts/${bob.contractId}/payment`, { customerPaymentMethodId: goodCard }, bob.user.idToken);
    expect(twice.status).toBe(409);
    expect(await chargesOf(bob.contractId, DECEMBER)).toEqual({ succeeded: 1, intents: 1 });
  });
});

describe('once per contract and month whatever happens', () => {
  it('a crash after the processor took the money, before the app recorded it: the next run settles that same charge', async () => {
    t.clock.now = new Date('2026-11-23T19:00:00Z');
    const carol = await driverWith('4242424242424242');
    t.clock.now = new Date('2027-01-01T07:00:00Z');
    await newCycle('crashing').runForMonth(Temporal.PlainDate.from('2027-01-01'));
    expect(await chargesOf(carol.contractId, JANUARY)).toEqual({ succeeded: 1, intents: 1 });
    // Rewind the app's records to the instant the processor answered "succeeded": the payment still
    // "processing", the month unpaid, the claim without an outcome; then the process died.
    const crashedAt = new Date(t.clock.now.getTime() - CLAIM_STALE_AFTER_MS - 1000);
    const [period] = await t.db.query<{ monthly_contract_period_id: number }>(
      `update monthly_contract_periods set paid_at = null, payment_id = null where monthly_contract_id = $1 and start_utc = $2 returning monthly_contract_period_id`,
      [carol.contractId, JANUARY],
    );
    const periodId = period?.monthly_contract_period_id ?? 0;
    await t.db.query(`update payments set status = 'processing', succeeded_at = null, updated_at = $2 where system_entity_id = $1`, [`monthly-period:${periodId}`, crashedAt]);
    await t.db.query(`update monthly_billing_charges set outcome = null, payment_id = null, finished_at = null, claimed_at = $2 where monthly_contract_period_id = $1`, [periodId, crashedAt]);
    expect(await contractOf(carol)).toMatchObject({ isContractDue: true });

    const rerun = await newCycle('restarted').runForMonth(JAN_5);
    expect(rerun.paid).toBe(1);
    expect(await chargesOf(carol.contractId, JANUARY)).toEqual({ succeeded: 1, intents: 1 });
    const [intents] = await t.db.query<{ n: number }>(
      `select count(*)::int as n from test_processor_intents i join payments pay on pay.provider_intent_id = i.intent_id where pay.system_entity_id = $1`,
      [`monthly-period:${periodId}`],
    );
    expect(intents?.n).toBe(1);
    expect(await contractOf(carol)).toMatchObject({ isContractDue: false });
  });

  it('a crash mid-charge (payment row processing, claim open): a fresh claim is left alone, a stale one re-drives the same payment', async () => {
    t.clock.now = new Date('2026-11-23T19:00:00Z');
    const dave = await driverWith('4242424242424242');
    t.clock.now = new Date('2027-01-01T08:00:00Z');
    // The dead process had claimed the month and started the payment, without an intent yet.
    const [period] = await t.db.query<{ monthly_contract_period_id: number }>(
      `insert into monthly_contract_periods (monthly_contract_id, start_utc, end_utc, amount_cents, kind) values ($1, $2, $3, $4, 'billed') returning monthly_contract_period_id`,
      [dave.contractId, JANUARY, firstOfNewYorkMonth(JANUARY, 1), FEE_CENTS],
    );
    const periodId = period?.monthly_contract_period_id ?? 0;
    await t.db.query(`insert into monthly_billing_charges (monthly_contract_period_id, claimed_at, claimed_by) values ($1, $2, 'dead')`, [periodId, t.clock.now]);
    await t.db.query(
      `insert into payments (owner_uid, system_entity_id, description, amount_cents, status, provider, customer_payment_method_id, created_at, updated_at)
       values ($1, $2, 'January', $3, 'processing', 'test-processor', $4, $5, $5)`,
      [dave.user.uid, `monthly-period:${periodId}`, FEE_CENTS, dave.cardId, t.clock.now],
    );
    expect(await newCycle('early').runForMonth(JAN_5)).toMatchObject({ paid: 0, declined: 0, noCard: 0 });
    expect(await chargesOf(dave.contractId, JANUARY)).toEqual({ succeeded: 0, intents: 0 });

    t.clock.now = new Date(t.clock.now.getTime() + CLAIM_STALE_AFTER_MS + 60_000);
    expect((await newCycle('late').runForMonth(JAN_5)).paid).toBe(1);
    expect(await chargesOf(dave.contractId, JANUARY)).toEqual({ succeeded: 1, intents: 1 });
    const [payments] = await t.db.query<{ n: number }>(`select count(*)::int as n from payments where system_entity_id = $1`, [`monthly-period:${periodId}`]);
    expect(payments?.n).toBe(1);
  });

  it('two runs at once (two workers on the same database) charge each contract once', async () => {
    t.clock.now = new Date('2026-11-23T19:00:00Z');
    const drivers = [await driverWith('4242424242424242'), await driverWith('4242424242424242'), await driverWith('4242424242424242')];
    t.clock.now = new Date('2027-02-01T06:00:00Z');
    const february = new Date('2027-02-01T05:00:00Z');
    const reports = await Promise.all([newCycle('one').runForMonth(Temporal.PlainDate.from('2027-02-01')), newCycle('two').runForMonth(Temporal.PlainDate.from('2027-02-01'))]);
    for (const driver of drivers) expect(await chargesOf(driver.contractId, february)).toEqual({ succeeded: 1, intents: 1 });
    // Every February charge was done by exactly one of the two.
    const total = reports.reduce((sum, report) => sum + report.paid, 0);
    const [charged] = await t.db.query<{ n: number }>(`select count(*)::int as n from monthly_billing_charges b join monthly_contract_periods p using (monthly_contract_period_id) where p.start_utc = $1 and b.outcome = 'paid'`, [february]);
    expect(total).toBe(charged?.n);
  });
});

describe('suspend and resume (notice by the 25th)', () => {
  let erin: Driver;
  beforeAll(async () => {
    t.clock.now = new Date('2026-11-20T15:00:00Z');
    erin = await driverWith('4242424242424242');
  });
  const action = (name: 'suspend' | 'resume') => post(`/payments/api/monthly-contracts/${erin.contractId}/${name}`, {}, erin.user.idToken);

  it('suspending on the 20th stops December: a suspended month, nothing charged, the card off in December', async () => {
    const suspended = await action('suspend');
    expect(suspended.status).toBe(200);
    const contract = v.parse(monthlyContractSchema, await suspended.json());
    expect(contract).toMatchObject({ isSuspended: false, suspendedFromUtc: DECEMBER.toISOString() });
    expect((await action('suspend')).status).toBe(409);

    t.clock.now = new Date('2026-12-01T06:00:00Z');
    await cycle.runForMonth(DEC_1);
    const december = await contractOf(erin);
    expect(december).toMatchObject({ isSuspended: true, isContractDue: false, periodsDue: 0, nextPaymentUtc: null });
    expect(december.monthlyContractPeriods.at(-1)).toMatchObject({ startUtc: DECEMBER.toISOString(), amount: 0, kind: 'suspended', isPaid: false });
    expect(await chargesOf(erin.contractId, DECEMBER)).toEqual({ succeeded: 0, intents: 0 });
  });

  it('resuming in December bills again from January 1st', async () => {
    t.clock.now = new Date('2026-12-10T15:00:00Z');
    const resumed = await action('resume');
    expect(resumed.status).toBe(200);
    expect(v.parse(monthlyContractSchema, await resumed.json())).toMatchObject({ isSuspended: true, resumeRequested: true, resumeUtc: JANUARY.toISOString() });
    t.clock.now = new Date('2027-01-01T06:00:00Z');
    await cycle.runForMonth(Temporal.PlainDate.from('2027-01-01'));
    expect(await contractOf(erin)).toMatchObject({ isSuspended: false, isContractDue: false });
    expect(await chargesOf(erin.contractId, JANUARY)).toEqual({ succeeded: 1, intents: 1 });
    expect((await action('resume')).status).toBe(409);
  });

  it('suspending after the 25th keeps the next month charged', async () => {
    t.clock.now = new Date('2027-01-27T15:00:00Z');
    const suspended = v.parse(monthlyContractSchema, await (await action('suspend')).json());
    expect(suspended.suspendedFromUtc).toBe(new Date('2027-03-01T05:00:00Z').toISOString());
  });
});
