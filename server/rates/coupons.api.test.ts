import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { dailyRateSchema } from '../../src/contract/rates.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

// Garage 1, Tuesday in 8 AM out 6 PM: Early Bird $24.00.
const STAY = { locationId: 1, entryTimeUtc: '2026-11-24T13:00:00.000Z', exitTimeUtc: '2026-11-24T23:00:00.000Z' };
const applyCoupon = (code: string, json: unknown = STAY) => t.request(`/rates/api/rates/coupons/${encodeURIComponent(code)}/calculate`, { method: 'POST', json });
const messageOf = async (response: Response) => ((await response.json()) as { message: string }).message;

describe('POST /rates/api/rates/coupons/{code}/calculate', () => {
  it('WELCOME10 on the $24.00 early bird: −$2.40 = $21.60 + 18.375% $3.97 = $25.57, a new rate instance', async () => {
    const plain = v.parse(dailyRateSchema, await (await t.request('/rates/api/rates/calculate', { method: 'POST', json: STAY })).json());
    const response = await applyCoupon('welcome-10');
    expect(response.status).toBe(200);
    const rate = v.parse(dailyRateSchema, await response.json());
    expect(rate).toMatchObject({ appliedPromotionCode: 'WELCOME10', discountAmount: 2.4, rate: 21.6, tax: 3.97, rateWithTax: 25.57 });
    expect(rate.rateInstanceId).not.toBe(plain.rateInstanceId);
    const [row] = await t.db.query<{ applied_promotion_code: string }>('select applied_promotion_code from rate_instances where rate_instance_id = $1', [rate.rateInstanceId]);
    expect(row?.applied_promotion_code).toBe('WELCOME10');
  });

  it('SAVE5: $24.00 − $5.00 = $19.00 + $3.49 tax = $22.49', async () => {
    expect(v.parse(dailyRateSchema, await (await applyCoupon('SAVE5')).json())).toMatchObject({ rate: 19, tax: 3.49, rateWithTax: 22.49 });
  });

  it.each([
    ['NOSUCHCODE', 404, 'The coupon code NOSUCHCODE is not valid.'],
    ['SUMMER26', 400, /^The coupon code SUMMER26 expired on \d\d\/\d\d\/\d{4}\.$/],
    ['HOLIDAY26', 400, /^The coupon code HOLIDAY26 is not valid until /],
    ['JCPATH20', 400, 'The coupon code JCPATH20 is not valid at this location.'],
    ['MONTHLY50', 400, 'The coupon code MONTHLY50 can only be used for monthly parking.'],
    ['A'.repeat(41), 400, /at most 40 characters/],
    ['SAVE$5', 400, /only letters and digits/],
  ])('%s → %i', async (code, status, message) => {
    const response = await applyCoupon(code);
    expect(response.status).toBe(status);
    const text = await messageOf(response);
    if (typeof message === 'string') expect(text).toBe(message);
    else expect(text).toMatch(message);
  });

  it('404 for an unknown garage, 400 for a bad window', async () => {
    expect((await applyCoupon('SAVE5', { ...STAY, locationId: 9999 })).status).toBe(404);
    expect((await applyCoupon('SAVE5', { ...STAY, exitTimeUtc: STAY.entryTimeUtc })).status).toBe(400);
  });
});
