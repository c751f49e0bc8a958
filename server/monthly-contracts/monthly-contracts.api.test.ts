/**
 * GET /payments/api/monthly-contracts against the Auth emulator: the seeded ticket-system user
 * (Sam, demo-driver-2) sees his contract, everyone else sees only their own; 401 without a token
 * or with a forged one; 400 for a bad page query or id; 404 for another customer's contract.
 */
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthlyContractPageSchema, monthlyContractSchema } from '../../src/contract/monthly-contracts.ts';
import { createPhoneUser, type PhoneUser } from '../accounts/customers/emulator-phone-users.ts';
import { DEMO_DRIVERS, ensureDemoDrivers } from '../cli/demo-users.ts';
import { createEmulatorUser, EMULATOR_HOST, EMULATOR_PROJECT, emulatorTokenVerifier, type EmulatorUser, forgeToken } from '../testing/emulator-users.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { TEST_NOW } from '../testing/test-clock.ts';
import { firstOfNewYorkMonth } from './contract-view.ts';
import { insertMonthlyContract } from './queries.ts';
import { DEMO_MONTHLY_LOCATION_ID } from './seed.ts';

const LIST = '/payments/api/monthly-contracts';
let t: TestApp;
let sam: PhoneUser;
let alice: EmulatorUser;
let bob: EmulatorUser;
let aliceContractId: number;

const messageOf = async (response: Response) => ((await response.json()) as { message: string }).message;

async function list(token: string, query = '') {
  const response = await t.request(`${LIST}${query}`, { token });
  expect(response.status).toBe(200);
  return v.parse(monthlyContractPageSchema, await response.json());
}

beforeAll(async () => {
  t = await createTestApp({ verifyToken: emulatorTokenVerifier() });
  // The demo drivers exist in the emulator as `npm start` creates them; Sam signs in by phone code.
  await ensureDemoDrivers(EMULATOR_HOST, EMULATOR_PROJECT);
  [sam, alice, bob] = await Promise.all([createPhoneUser(DEMO_DRIVERS['demo-driver-2'].phoneNumber), createEmulatorUser(), createEmulatorUser()]);
  // Alice becomes a customer (first signed-in call), then gets a contract whose November is unpaid.
  const details = await t.request('/accounts/api/customers/get-customer-details', { token: alice.idToken });
  const { customerId } = (await details.json()) as { customerId: number };
  const start = firstOfNewYorkMonth(TEST_NOW, -1);
  const november = firstOfNewYorkMonth(TEST_NOW);
  aliceContractId = await insertMonthlyContract(t.db, {
    customerId, locationId: 20, monthlyRateId: null, fullName: 'Alice A', email: alice.email, phoneNumber: null, form: null,
    amountCents: 32_500, startUtc: start, createdAt: start,
    periods: [
      { startUtc: start, endUtc: november, paidAt: start },
      { startUtc: november, endUtc: firstOfNewYorkMonth(TEST_NOW, 1), paidAt: null },
    ],
  });
});
afterAll(() => t.close());

describe('authentication', () => {
  it.each([LIST, `${LIST}/1`])('GET %s answers 401 without a token and with a forged one', async (path) => {
    expect((await t.request(path)).status).toBe(401);
    expect((await t.request(path, { token: forgeToken(alice) })).status).toBe(401);
    expect((await t.request(path, { token: 'not-a-jwt' })).status).toBe(401);
  });
});

describe('GET /payments/api/monthly-contracts', () => {
  it("Sam (seeded ticket-system user) gets his contract at garage 3, paid up and running", async () => {
    const page = await list(sam.idToken);
    expect(page).toMatchObject({ page: 0, pageSize: 10, totalElementCount: 1 });
    const [contract] = page.results;
    expect(contract).toMatchObject({
      isCancelled: false, isSuspended: false, isContractDue: false, isBlocked: false, periodsDue: 0, amountDue: 0,
      nextPaymentUtc: '2026-12-01T05:00:00.000Z',
      monthlyReservation: { locationId: DEMO_MONTHLY_LOCATION_ID, fullName: 'Sam Commuter', phoneNumber: '+12015550102', isPaid: true, isContractBlocked: false },
    });
    expect(contract?.systemEntityId).toBe(`monthlyContract:${contract?.monthlyContractId}`);
    expect(contract?.amount).toBeGreaterThan(400);
    // Four billed months: three before this one and November 2026, each paid.
    expect(contract?.monthlyContractPeriods.map((period) => [period.startUtc, period.isPaid])).toEqual([
      ['2026-08-01T04:00:00.000Z', true], ['2026-09-01T04:00:00.000Z', true], ['2026-10-01T04:00:00.000Z', true], ['2026-11-01T04:00:00.000Z', true],
    ]);
  });

  it('each customer gets only their own contracts; a customer without any gets an empty page', async () => {
    const alicePage = await list(alice.idToken);
    expect(alicePage.totalElementCount).toBe(1);
    expect(alicePage.results[0]).toMatchObject({ monthlyContractId: aliceContractId, isContractDue: true, isBlocked: true, periodsDue: 1, amountDue: 325 });
    expect(await list(bob.idToken)).toEqual({ page: 0, pageSize: 10, totalElementCount: 0, results: [] });
    const samIds = (await list(sam.idToken)).results.map((contract) => contract.monthlyContractId);
    expect(samIds).not.toContain(aliceContractId);
  });

  it('pages: page and pageSize from the query; a page past the end is empty but counts all', async () => {
    expect(await list(alice.idToken, '?page=1&pageSize=1')).toMatchObject({ page: 1, pageSize: 1, totalElementCount: 1, results: [] });
  });

  it.each(['?page=-1', '?page=x', '?pageSize=0', '?pageSize=101', '?pageSize=1.5'])('answers 400 with a message for %s', async (query) => {
    const response = await t.request(`${LIST}${query}`, { token: alice.idToken });
    expect(response.status).toBe(400);
    expect(await messageOf(response)).toMatch(/^Invalid query: /);
  });
});

describe('GET /payments/api/monthly-contracts/{id}', () => {
  it("returns the caller's contract and 404 for another customer's (no IDOR)", async () => {
    const own = await t.request(`${LIST}/${aliceContractId}`, { token: alice.idToken });
    expect(own.status).toBe(200);
    expect(v.parse(monthlyContractSchema, await own.json()).monthlyContractId).toBe(aliceContractId);
    const [samContract] = (await list(sam.idToken)).results;
    for (const [token, id] of [[bob.idToken, aliceContractId], [alice.idToken, samContract?.monthlyContractId]] as const) {
      const response = await t.request(`${LIST}/${id}`, { token });
      expect(response.status).toBe(404);
      expect(await messageOf(response)).toBe('The monthly contract was not found.');
    }
  });

  it('answers 400 for an id that is not a positive whole number', async () => {
    expect((await t.request(`${LIST}/abc`, { token: alice.idToken })).status).toBe(400);
  });
});
