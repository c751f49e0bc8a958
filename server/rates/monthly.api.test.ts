import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { monthlyCalculationSchema, monthlyRateListSchema, monthlyRatePageSchema } from '../../src/contract/rates.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

// TEST_NOW is Monday 2026-11-23 in New York; November has 30 days, so a start today is 8 of 30 days.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const post = (path: string, json: unknown) => t.request(`/rates/api/monthly-rates${path}`, { method: 'POST', json });
const messageOf = async (response: Response) => ((await response.json()) as { message: string }).message;

async function regularRateOf(locationId: number) {
  const rates = v.parse(monthlyRateListSchema, await (await post('/search', { locationIds: [locationId], checkInDateUtc: '2026-11-23' })).json());
  const regular = rates.find((rate) => rate.useAsDefault);
  if (!regular) throw new Error(`no default monthly rate at ${locationId}`);
  return regular;
}

describe('POST /rates/api/monthly-rates/search', () => {
  it('lists the active rates per garage, default first, with tax (Manhattan 18.375%)', async () => {
    const response = await post('/search', { locationIds: [1, 20], checkInDateUtc: '2026-11-23T19:00:00.000Z' });
    expect(response.status).toBe(200);
    const rates = v.parse(monthlyRateListSchema, await response.json());
    expect(new Set(rates.map((rate) => rate.locationId))).toEqual(new Set([1, 20]));
    const first = rates[0];
    expect(first?.useAsDefault).toBe(true);
    expect(first?.rateWithTax).toBeCloseTo(Math.round((first?.rate ?? 0) * 118.375) / 100, 2);
    expect(rates.some((rate) => rate.rateCode.endsWith('REG-2025'))).toBe(false); // retired at the start of the month
    expect(rates.map((rate) => rate.monthlyRateGroup.monthlyRateGroupName)).toContain('Business');
  });

  it('400 for a start over 90 days ahead (spec message), 404 for an unknown garage', async () => {
    const late = await post('/search', { locationIds: [1], checkInDateUtc: '2027-03-01' });
    expect(late.status).toBe(400);
    expect(await messageOf(late)).toBe('Requested Start date is invalid, it cannot be greater than 02/21/2027');
    expect((await post('/search', { locationIds: [1, 9999], checkInDateUtc: '2026-12-01' })).status).toBe(404);
    expect((await post('/search', { locationIds: [1], checkInDateUtc: 'soon' })).status).toBe(400);
  });
});

describe('GET /rates/api/monthly-rates/currently-active/locations/{id}/{date}/0/99', () => {
  it('pages the active rates', async () => {
    const response = await t.request('/rates/api/monthly-rates/currently-active/locations/1/2026-11-23/0/99');
    expect(response.status).toBe(200);
    const page = v.parse(monthlyRatePageSchema, await response.json());
    expect(page).toMatchObject({ page: 0, pageSize: 99 });
    expect(page.results.length).toBe(page.totalElementCount);
    expect(page.totalElementCount).toBeGreaterThanOrEqual(2);
  });

  it('400 for a page size over 99, 404 for an unknown garage', async () => {
    expect((await t.request('/rates/api/monthly-rates/currently-active/locations/1/2026-11-23/0/500')).status).toBe(400);
    expect((await t.request('/rates/api/monthly-rates/currently-active/locations/9999/2026-11-23/0/99')).status).toBe(404);
  });
});

describe('POST /rates/api/monthly-rates/calculate', () => {
  it('Manhattan regular from Nov 23: 8 of 30 days prorated, with tax, stored as a monthly rate instance', async () => {
    const regular = await regularRateOf(1);
    const response = await post('/calculate', { monthlyRateId: regular.monthlyRateId, checkInDateUtc: '2026-11-23', isBusiness: false, multipleVehiclePasses: false, isOversizedVehicle: false, isTaxExempt: false, isResident: false });
    expect(response.status).toBe(200);
    const result = v.parse(monthlyCalculationSchema, await response.json());
    const proRatedCents = Math.round((regular.rate * 100 * 8) / 30);
    expect(result).toMatchObject({ isProRated: true, taxRate: 18.375, residentTaxRate: 10.375, exitFee: 75, appliedRateValueWithTax: regular.rateWithTax });
    expect(Math.abs(result.appliedProRateValueWithTax * 100 - Math.round(proRatedCents * 1.18375))).toBeLessThanOrEqual(1);
    expect(result.appliedServiceFeeAmountWithTax).toBe(29.59); // $25.00 × 1.18375
    const [row] = await t.db.query<{ n: number }>('select count(*)::int as n from monthly_rate_instances where monthly_rate_instance_id = $1', [result.monthlyRateInstanceId]);
    expect(row?.n).toBe(1);
  });

  it('a Manhattan resident claim bills the full 18.375% until its proof is approved (decision 0104), showing 10.375% as the claim; a business has no claim', async () => {
    const regular = await regularRateOf(1);
    const resident = v.parse(monthlyCalculationSchema, await (await post('/calculate', { monthlyRateId: regular.monthlyRateId, checkInDateUtc: '2026-12-01', isResident: true })).json());
    expect(resident).toMatchObject({ isProRated: false, isResident: true, taxRate: 18.375, appliedRateValueWithTax: regular.rateWithTax });
    expect(resident.exemptionClaim).toMatchObject({ claim: 'resident', status: 'needs-proof', taxRate: 10.375, appliedRateValueWithTax: Math.round(regular.rate * 110.375) / 100 });
    const business = v.parse(monthlyCalculationSchema, await (await post('/calculate', { monthlyRateId: regular.monthlyRateId, checkInDateUtc: '2026-12-01', isResident: true, isBusiness: true })).json());
    expect(business).toMatchObject({ isResident: false, taxRate: 18.375, exemptionClaim: null });
  });

  it('400 for an oversized vehicle where the rate takes none; 404 for an unknown rate; 400 without monthlyRateId', async () => {
    const [motorcycle] = await t.db.query<{ id: number }>("select monthly_rate_id as id from monthly_rates where group_name = 'Motorcycle' limit 1");
    const oversized = await post('/calculate', { monthlyRateId: motorcycle?.id, checkInDateUtc: '2026-12-01', isOversizedVehicle: true });
    expect(oversized.status).toBe(400);
    expect(await messageOf(oversized)).toBe('This location does not accept Oversized Vehicles.');
    expect((await post('/calculate', { monthlyRateId: 999999, checkInDateUtc: '2026-12-01' })).status).toBe(404);
    expect((await post('/calculate', { checkInDateUtc: '2026-12-01' })).status).toBe(400);
  });

  it('400 for a start date in the past and for a retired rate', async () => {
    const regular = await regularRateOf(1);
    expect((await post('/calculate', { monthlyRateId: regular.monthlyRateId, checkInDateUtc: '2026-11-01' })).status).toBe(400);
    const [retired] = await t.db.query<{ id: number }>("select monthly_rate_id as id from monthly_rates where rate_code like '%REG-2025' limit 1");
    const response = await post('/calculate', { monthlyRateId: retired?.id, checkInDateUtc: '2026-12-01' });
    expect(response.status).toBe(400);
    expect(await messageOf(response)).toBe('This monthly rate is not available for the selected start date.');
  });
});

describe('POST /rates/api/monthly-rates/coupons/{code}/calculate', () => {
  it('MONTHLY50 takes $50.00 off the prorated first payment before tax', async () => {
    const regular = await regularRateOf(20);
    const body = { monthlyRateId: regular.monthlyRateId, checkInDateUtc: '2026-11-23', multipleVehiclePasses: false, isOversizedVehicle: false };
    const plain = v.parse(monthlyCalculationSchema, await (await post('/calculate', body)).json());
    const response = await post('/coupons/monthly-50/calculate', body);
    expect(response.status).toBe(200);
    const result = v.parse(monthlyCalculationSchema, await response.json());
    expect(result).toMatchObject({ appliedPromotionCode: 'MONTHLY50', discountAmount: 50, appliedRateValueWithTax: plain.appliedRateValueWithTax });
    expect(plain.appliedProRateValueWithTax - result.appliedProRateValueWithTax).toBeCloseTo(50 * 1.10375, 1);
  });

  it('a daily code, a code for other garages and an unknown code are refused with a message', async () => {
    const regular = await regularRateOf(1);
    const body = { monthlyRateId: regular.monthlyRateId, checkInDateUtc: '2026-12-01' };
    const daily = await post('/coupons/WELCOME10/calculate', body);
    expect(daily.status).toBe(400);
    expect(await messageOf(daily)).toBe('The coupon code WELCOME10 can only be used for daily reservations.');
    expect(await messageOf(await post('/coupons/BKMONTH25/calculate', body))).toBe('The coupon code BKMONTH25 is not valid at this location.');
    expect((await post('/coupons/NOPE/calculate', body)).status).toBe(404);
  });
});
