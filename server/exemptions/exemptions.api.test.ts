/**
 * Exemptions and resident rates need proof (issue 37 item 4, decision 0104), through the real app
 * on PGlite and PostgreSQL with emulator accounts. The attacks first:
 * - `isTaxExempt: true` with no proof: the quote and the contract bill the full rate;
 * - the customer approving their own request: 403 (anonymous 401);
 * - another customer reading or uploading to someone else's request: 404, nothing stored;
 * - approving twice (in a row and at once): one credit, the contract's fee changed once.
 * Then the rule: proof (image or PDF, checked by its bytes) makes the request pending; approval
 * bills the exempt fee from then on and credits the months billed at the full rate since the
 * request, taken off the next 1st's bill; rejection keeps the full rate and gives the reason.
 */
import sharp from 'sharp';
import { Temporal } from 'temporal-polyfill';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractExemptionSchema, EXEMPTION_MESSAGES, staffExemptionListSchema, staffExemptionSchema } from '../../src/contract/exemptions.ts';
import { monthlyContractSchema } from '../../src/contract/monthly-contracts.ts';
import { monthlyReservationSchema, type MonthlyForm } from '../../src/contract/monthly-reservations.ts';
import { monthlyCalculationSchema, monthlyRateListSchema } from '../../src/contract/rates.ts';
import { createBillingCycle } from '../billing/billing-cycle.ts';
import { createTestProcessor } from '../payments/test-processor.ts';
import { createStaffUser } from '../staff/staff-testing.ts';
import { createEmulatorUser, emulatorTokenVerifier, type EmulatorUser } from '../testing/emulator-users.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { saveTestCard } from '../testing/test-card.ts';

/** Lot 1042, 330 W 42nd St: Manhattan (18.375 %), in the ticket system. */
const LOCATION_ID = 3;
let t: TestApp;
let alice: EmulatorUser;
let bob: EmulatorUser;
let carol: EmulatorUser;
let staff: EmulatorUser;
let png: Buffer;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const FORM: MonthlyForm = {
  firstName: 'Alice', lastName: 'Resident', fullName: 'Alice Resident', email: null, optOutEmails: false,
  street: '1 W 42nd St', city: 'New York', state: 'NY', zipCode: '10036', country: 'United States', phoneNumber: '2125550199',
  vehicleBrand: 'Toyota', vehicleModel: 'Corolla', vehicleYear: '2020', vehicleColor: 'Blue', vehicleState: 'NY', vehicleLicensePlate: 'EXM001',
  vehicleOwnerName: 'Alice Resident', vehicleOwnerStreet: '1 W 42nd St', vehicleOwnerCity: 'New York', vehicleOwnerState: 'NY', vehicleOwnerZipCode: '10036', vehicleOwnerCountry: 'United States',
};

const post = (path: string, json: unknown, token?: string) => t.request(path, { method: 'POST', json, ...(token ? { token } : {}) });
const messageOf = async (response: Response) => ((await response.json()) as { message: string }).message;
const cents = (dollars: number) => Math.round(dollars * 100);

async function quote(options: { isTaxExempt?: boolean; isResident?: boolean }, checkInDateUtc = '2026-11-23') {
  const rates = v.parse(monthlyRateListSchema, await (await post('/rates/api/monthly-rates/search', { locationIds: [LOCATION_ID], checkInDateUtc })).json());
  const rate = rates.find((row) => row.monthlyRateGroup.monthlyRateGroupName === 'Regular') ?? rates[0];
  if (!rate) throw new Error('no monthly rate');
  const response = await post('/rates/api/monthly-rates/calculate', { monthlyRateId: rate.monthlyRateId, checkInDateUtc, ...options });
  expect(response.status).toBe(200);
  return { rate, calculation: v.parse(monthlyCalculationSchema, await response.json()) };
}

async function signUp(user: EmulatorUser, instanceId: string, plate: string): Promise<number> {
  const response = await post('/reservations/api/monthly-reservations', {
    monthlyRateInstanceId: instanceId, phoneNumber: '2125550199', email: user.email, fullName: 'Alice Resident', monthlyReservationForm: { ...FORM, vehicleLicensePlate: plate },
  }, user.idToken);
  expect(response.status).toBe(200);
  return v.parse(monthlyReservationSchema, await response.json()).monthlyContractId ?? 0;
}

/**
 * The first month paid with a saved test card, as sign-up's payment step does: an unpaid sign-up is
 * abandoned after 30 minutes and never billed (decision 0113), and this contract must live on.
 */
async function payFirstMonth(user: EmulatorUser, contractId: number): Promise<void> {
  const cardId = await saveTestCard(t, user, { name: 'Carol', zip: '07030' });
  const firstMonth = `monthly-period:${(await contractOf(user, contractId)).monthlyContractPeriods[0]?.monthlyContractPeriodId}`;
  const paid = await post(`/payments/api/payments/methods/${cardId}/charge`, { systemEntityId: firstMonth }, user.idToken);
  expect(paid.status).toBe(200);
}

async function contractOf(user: EmulatorUser, contractId: number) {
  const response = await t.request(`/payments/api/monthly-contracts/${contractId}`, { token: user.idToken });
  expect(response.status).toBe(200);
  return v.parse(monthlyContractSchema, await response.json());
}

async function exemptionOf(user: EmulatorUser, contractId: number) {
  const response = await t.request(`/payments/api/monthly-contracts/${contractId}/exemption`, { token: user.idToken });
  expect(response.status).toBe(200);
  return v.parse(contractExemptionSchema, await response.json());
}

function upload(user: EmulatorUser, contractId: number, files: { bytes: Buffer; name: string; type: string }[], claim?: string) {
  const form = new FormData();
  if (claim) form.set('claim', claim);
  for (const file of files) form.append('proof', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return t.request(`/payments/api/monthly-contracts/${contractId}/exemption`, { method: 'POST', body: form, token: user.idToken });
}

const decide = (token: string | undefined, requestId: number, json: unknown) => post(`/staff/api/exemptions/${requestId}/decision`, json, token);

async function bill(day: string) {
  const now = () => new Date(t.clock.now);
  return createBillingCycle({ db: t.db, now, provider: createTestProcessor(t.db, now), worker: `exemptions-test-${day}` }).runForMonth(Temporal.PlainDate.from(day));
}

async function periodsOf(contractId: number) {
  return t.db.query<{ start: string; amount_cents: number; credit_cents: number; paid: boolean; kind: string }>(
    `select to_char(start_utc at time zone 'America/New_York', 'YYYY-MM-DD') as start, amount_cents, credit_cents, paid_at is not null as paid, kind
     from monthly_contract_periods where monthly_contract_id = $1 order by start_utc`,
    [contractId],
  );
}

async function objectCount(): Promise<number> {
  const [row] = await t.db.query<{ n: number }>('select count(*)::int as n from monthly_exemption_proofs');
  return row?.n ?? 0;
}

beforeAll(async () => {
  t = await createTestApp({ verifyToken: emulatorTokenVerifier() });
  [alice, bob, carol, staff] = await Promise.all([createEmulatorUser(), createEmulatorUser(), createEmulatorUser(), createStaffUser()]);
  for (const user of [alice, bob, carol]) {
    await t.request('/accounts/api/customers/get-customer-details', { token: user.idToken });
    await t.db.query('update customers set email_verified = true where uid = $1', [user.uid]);
  }
  png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 240, g: 240, b: 230 } } }).png().toBuffer();
});
afterAll(() => t.close());

describe('a self-declared exemption changes nothing without proof', () => {
  let contractId = 0;
  let full: Awaited<ReturnType<typeof quote>>;
  let claimed: Awaited<ReturnType<typeof quote>>;

  it('the quote with isTaxExempt: true bills the full rate and shows the exempt price as a claim', async () => {
    full = await quote({});
    claimed = await quote({ isTaxExempt: true });
    expect(claimed.calculation.appliedRateValueWithTax).toBe(full.calculation.appliedRateValueWithTax);
    expect(claimed.calculation.appliedProRateValueWithTax).toBe(full.calculation.appliedProRateValueWithTax);
    expect(claimed.calculation.appliedServiceFeeAmountWithTax).toBe(full.calculation.appliedServiceFeeAmountWithTax);
    expect(claimed.calculation.taxRate).toBe(18.375);
    expect(claimed.calculation.appliedRateValueWithTax).toBe(full.rate.rateWithTax);
    // What it would be once approved: no tax at all.
    expect(claimed.calculation.exemptionClaim).toMatchObject({ claim: 'tax-exempt', status: 'needs-proof', taxRate: 0, appliedRateValueWithTax: full.rate.rate });
  });

  it('the contract signed up with that quote bills the full rate, and the claim waits for proof', async () => {
    contractId = await signUp(alice, claimed.calculation.monthlyRateInstanceId, 'EXM001');
    const contract = await contractOf(alice, contractId);
    expect(cents(contract.amount)).toBe(cents(full.calculation.appliedRateValueWithTax));
    expect(cents(contract.monthlyContractPeriods[0]?.amount ?? 0)).toBe(cents(full.calculation.appliedProRateValueWithTax) + cents(full.calculation.appliedServiceFeeAmountWithTax));
    const { request, creditRemaining } = await exemptionOf(alice, contractId);
    expect(request).toMatchObject({ claim: 'tax-exempt', status: 'awaiting-proof', fullMonthlyAmount: full.calculation.appliedRateValueWithTax, exemptMonthlyAmount: full.rate.rate, proofs: [] });
    expect(creditRemaining).toBe(0);
  });

  it('staff cannot approve a request without proof', async () => {
    const { request } = await exemptionOf(alice, contractId);
    const early = await decide(staff.idToken, request?.exemptionRequestId ?? 0, { decision: 'approve' });
    expect(early.status).toBe(409);
    expect((await contractOf(alice, contractId)).amount).toBe(full.calculation.appliedRateValueWithTax);
  });
});

describe('proof, review and billing', () => {
  let contractId = 0;
  let requestId = 0;
  let full: Awaited<ReturnType<typeof quote>>;
  let resident: Awaited<ReturnType<typeof quote>>;

  beforeAll(async () => {
    full = await quote({});
    resident = await quote({ isResident: true });
    contractId = await signUp(carol, resident.calculation.monthlyRateInstanceId, 'EXM002');
    await payFirstMonth(carol, contractId);
  });

  it("another customer can neither read nor upload to someone else's request (404, nothing stored)", async () => {
    expect((await t.request(`/payments/api/monthly-contracts/${contractId}/exemption`, { token: bob.idToken })).status).toBe(404);
    const before = await objectCount();
    const stolen = await upload(bob, contractId, [{ bytes: PDF, name: 'c.pdf', type: 'application/pdf' }], 'resident');
    expect(stolen.status).toBe(404);
    expect(await objectCount()).toBe(before);
    expect((await exemptionOf(carol, contractId)).request?.status).toBe('awaiting-proof');
    expect((await t.request(`/payments/api/monthly-contracts/${contractId}/exemption`)).status).toBe(401);
  });

  it('checks the proof by its bytes: a text file named .pdf, no file, four files are 400', async () => {
    const fake = await upload(carol, contractId, [{ bytes: Buffer.from('not really a certificate'), name: 'cert.pdf', type: 'application/pdf' }]);
    expect(fake.status).toBe(400);
    expect(await messageOf(fake)).toBe(`File 1: ${EXEMPTION_MESSAGES.proofType}`);
    const none = await upload(carol, contractId, []);
    expect(await messageOf(none)).toBe(EXEMPTION_MESSAGES.proofRequired);
    const four = await upload(carol, contractId, [1, 2, 3, 4].map(() => ({ bytes: PDF, name: 'c.pdf', type: 'application/pdf' })));
    expect(await messageOf(four)).toBe(EXEMPTION_MESSAGES.tooManyProofs);
    const json = await post(`/payments/api/monthly-contracts/${contractId}/exemption`, { claim: 'resident' }, carol.idToken);
    expect(json.status).toBe(400);
    const badClaim = await upload(carol, contractId, [{ bytes: PDF, name: 'c.pdf', type: 'application/pdf' }], 'veteran');
    expect(await messageOf(badClaim)).toBe(EXEMPTION_MESSAGES.claimInvalid);
    expect((await exemptionOf(carol, contractId)).request?.status).toBe('awaiting-proof');
  });

  it('an image and a PDF make the request pending; the full rate still applies; a second upload is 409', async () => {
    const response = await upload(carol, contractId, [{ bytes: png, name: 'mrpte.png', type: 'image/png' }, { bytes: PDF, name: 'mrpte.pdf', type: 'application/pdf' }]);
    expect(response.status).toBe(201);
    const { request } = v.parse(contractExemptionSchema, await response.json());
    expect(request).toMatchObject({ claim: 'resident', status: 'pending', proofs: [{ position: 1, contentType: 'image/png' }, { position: 2, contentType: 'application/pdf' }] });
    requestId = request?.exemptionRequestId ?? 0;
    expect(request?.exemptMonthlyAmount).toBe(resident.calculation.exemptionClaim?.appliedRateValueWithTax);
    expect((await contractOf(carol, contractId)).amount).toBe(full.calculation.appliedRateValueWithTax);
    const again = await upload(carol, contractId, [{ bytes: PDF, name: 'again.pdf', type: 'application/pdf' }]);
    expect(again.status).toBe(409);
    expect(await messageOf(again)).toBe(EXEMPTION_MESSAGES.alreadyOpen);
  });

  it('the customer cannot approve their own request (403); anonymous 401; the desk lists it with its proof', async () => {
    expect((await decide(carol.idToken, requestId, { decision: 'approve' })).status).toBe(403);
    expect((await decide(undefined, requestId, { decision: 'approve' })).status).toBe(401);
    expect((await t.request('/staff/api/exemptions', { token: carol.idToken })).status).toBe(403);
    expect((await exemptionOf(carol, contractId)).request?.status).toBe('pending');
    const list = v.parse(staffExemptionListSchema, await (await t.request('/staff/api/exemptions?status=pending', { token: staff.idToken })).json());
    expect(list.results.map((row) => row.exemptionRequestId)).toContain(requestId);
    const image = await t.request(`/staff/api/exemptions/${requestId}/proofs/1/viewing`, { token: staff.idToken });
    expect(image.status).toBe(200);
    expect(image.headers.get('Content-Type')).toBe('image/jpeg');
    const pdf = await t.request(`/staff/api/exemptions/${requestId}/proofs/2/original`, { token: staff.idToken });
    expect(Buffer.from(await pdf.arrayBuffer()).equals(PDF)).toBe(true);
    expect(pdf.headers.get('Content-Disposition')).toContain('attachment');
    expect((await t.request(`/staff/api/exemptions/${requestId}/proofs/1/original`, { token: carol.idToken })).status).toBe(403);
    expect((await decide(staff.idToken, requestId, { decision: 'maybe' })).status).toBe(400);
  });

  it('approval bills the exempt fee from then on and credits the months billed in full since the request, once', async () => {
    // December is billed (to the card the first month attached) at the full rate before staff get to it.
    await bill('2026-12-01');
    const fullMonthly = cents(full.calculation.appliedRateValueWithTax);
    const exemptMonthly = cents(resident.calculation.exemptionClaim?.appliedRateValueWithTax ?? 0);
    const fullFirst = cents(full.calculation.appliedProRateValueWithTax) + cents(full.calculation.appliedServiceFeeAmountWithTax);
    const exemptFirst = cents(resident.calculation.exemptionClaim?.appliedProRateValueWithTax ?? 0) + cents(resident.calculation.exemptionClaim?.appliedServiceFeeAmountWithTax ?? 0);
    expect((await periodsOf(contractId)).map((period) => period.amount_cents)).toEqual([fullFirst, fullMonthly]);

    // Two approvals at once and a third after: one credit.
    const [first, second] = await Promise.all([decide(staff.idToken, requestId, { decision: 'approve' }), decide(staff.idToken, requestId, { decision: 'approve' })]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const third = await decide(staff.idToken, requestId, { decision: 'approve' });
    expect(v.parse(staffExemptionSchema, await third.json()).status).toBe('approved');
    const credit = (fullFirst - exemptFirst) + (fullMonthly - exemptMonthly);
    const credits = await t.db.query<{ amount_cents: number }>('select amount_cents from monthly_contract_credits where monthly_contract_id = $1', [contractId]);
    expect(credits.map((row) => row.amount_cents)).toEqual([credit]);
    expect(await decide(staff.idToken, requestId, { decision: 'reject', reason: 'too late' }).then((r) => r.status)).toBe(409);

    const contract = await contractOf(carol, contractId);
    expect(cents(contract.amount)).toBe(exemptMonthly);
    const seen = await exemptionOf(carol, contractId);
    expect(seen.request).toMatchObject({ status: 'approved', creditAmount: credit / 100 });
    expect(cents(seen.creditRemaining)).toBe(credit);

    // January: the exempt fee less the credit; February: the exempt fee. Run twice: still once.
    await bill('2027-01-01');
    await bill('2027-01-01');
    await bill('2027-02-01');
    const periods = await periodsOf(contractId);
    expect(periods.map((period) => [period.start, period.amount_cents, period.credit_cents])).toEqual([
      ['2026-11-23', fullFirst, 0], ['2026-12-01', fullMonthly, 0], ['2027-01-01', exemptMonthly - credit, credit], ['2027-02-01', exemptMonthly, 0],
    ]);
    expect((await exemptionOf(carol, contractId)).creditRemaining).toBe(0);
    expect((await contractOf(carol, contractId)).monthlyContractPeriods.map((period) => period.credit)).toEqual([0, 0, credit / 100, 0]);
  });
});

describe('rejection', () => {
  it('keeps the full rate, shows the reason, and lets the customer try again', async () => {
    const { calculation } = await quote({});
    const contractId = await signUp(bob, calculation.monthlyRateInstanceId, 'EXM003');
    expect((await exemptionOf(bob, contractId)).request).toBeNull();
    const opened = await upload(bob, contractId, [{ bytes: png, name: 'id.png', type: 'image/png' }], 'resident');
    expect(opened.status).toBe(201);
    const requestId = v.parse(contractExemptionSchema, await opened.json()).request?.exemptionRequestId ?? 0;
    const noReason = await decide(staff.idToken, requestId, { decision: 'reject', reason: '  ' });
    expect(noReason.status).toBe(400);
    expect(await messageOf(noReason)).toContain(EXEMPTION_MESSAGES.reasonRequired);
    const reason = 'The certificate is for another address. Please send the MRPTE certificate for the address on file.';
    expect((await decide(staff.idToken, requestId, { decision: 'reject', reason })).status).toBe(200);
    const seen = await exemptionOf(bob, contractId);
    expect(seen.request).toMatchObject({ status: 'rejected', reason, creditAmount: null });
    expect(cents((await contractOf(bob, contractId)).amount)).toBe(cents(calculation.appliedRateValueWithTax));
    expect((await decide(staff.idToken, requestId, { decision: 'approve' })).status).toBe(409);
    const retried = await upload(bob, contractId, [{ bytes: PDF, name: 'mrpte.pdf', type: 'application/pdf' }], 'resident');
    expect(retried.status).toBe(201);
    expect(v.parse(contractExemptionSchema, await retried.json()).request).toMatchObject({ status: 'pending' });
  });
});
