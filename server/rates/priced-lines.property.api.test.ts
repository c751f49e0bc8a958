/**
 * Decision 0110 over the seeded rate cards, through the real app: for every seeded garage and
 * monthly rate, random stays, start dates, options and the seeded promotions, every total the
 * driver sees is the sum of the lines shown with it, and the figure on the list is the figure at
 * checkout and the amount charged. (Issue 38 item 5: the monthly list said $883.22/mo where
 * sign-up said $858.22/month; a promotion read $411.40 − $50 + $29.59 = $440.99.)
 */
import fc from 'fast-check';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locationListSchema, type Location } from '../../src/contract/locations.ts';
import { sumOfLines, toCents } from '../../src/contract/priced-lines.ts';
import { dailyStayLines, monthlyRateLines } from '../../src/contract/priced-lines-quotes.ts';
import { dailyRateListSchema, dailyRateSchema, monthlyCalculationSchema, monthlyRateListSchema, type MonthlyRate } from '../../src/contract/rates.ts';
import { reservationTotalCents } from '../reservations/reservation-rules.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

const RUNS = Number(process.env.PRICED_LINES_RUNS ?? 40);
const DAY_MS = 86_400_000;

let t: TestApp;
let garages: Location[];
let monthlyRates: MonthlyRate[];

const post = async (path: string, json: unknown): Promise<{ status: number; body: unknown }> => {
  const response = await t.request(path, { method: 'POST', json });
  return { status: response.status, body: await response.json() };
};

beforeAll(async () => {
  t = await createTestApp();
  garages = v.parse(locationListSchema, await (await t.request('/locations/api/locations')).json());
  const listed = await post('/rates/api/monthly-rates/search', { locationIds: garages.map((garage) => garage.locationId), checkInDateUtc: '2026-11-23' });
  monthlyRates = v.parse(monthlyRateListSchema, listed.body);
});
afterAll(async () => t.close());

describe('every seeded garage, every daily stay: list = detail = checkout = charged, each the sum of its lines', () => {
  it('seeded rate cards × stays × daily promotions × vehicle size', async () => {
    expect(garages.length).toBeGreaterThan(10);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...garages),
        fc.integer({ min: 1, max: 60 * 24 * 4 }), // entry on a 15-minute grid within the next 60 days
        fc.integer({ min: 1, max: 4 * 24 * 5 }), // stays of 15 minutes to 5 days
        fc.constantFrom(null, 'WELCOME10', 'SAVE5', 'JCPATH20', 'ARENA10'),
        fc.boolean(),
        async (garage, entrySteps, staySteps, coupon, isOversized) => {
          const entry = new Date(t.clock.now.getTime() + entrySteps * 15 * 60_000);
          const stay = { entryTimeUtc: entry.toISOString(), exitTimeUtc: new Date(entry.getTime() + staySteps * 15 * 60_000).toISOString() };
          // The list prices many garages at once; the detail and the reserve screen price one.
          const listed = v.parse(dailyRateListSchema, (await post('/rates/api/rates/calculate-multiple', { locationIds: [garage.locationId], ...stay })).body)[0];
          const single = await post(coupon ? `/rates/api/rates/coupons/${coupon}/calculate` : '/rates/api/rates/calculate', { locationId: garage.locationId, ...stay });
          if (!listed || listed.rateWithTax === 0 || single.status !== 200) return; // closed, or a coupon that does not apply here
          const quote = v.parse(dailyRateSchema, single.body);
          if (isOversized && quote.oversizeRate === 0) return;
          const lines = dailyStayLines(quote, isOversized);
          expect(lines.totalCents).toBe(sumOfLines(lines.lines));
          // The lines explain the API's own all-in figure: rate with tax (after the coupon) plus the fee.
          const allIn = isOversized ? toCents(quote.oversizeRate) + toCents(quote.oversizedServiceFeeAmount) : toCents(quote.rateWithTax) + toCents(quote.serviceFeeAmount);
          expect(lines.totalCents).toBe(allIn);
          expect(reservationTotalCents(quote, isOversized)).toBe(lines.totalCents);
          // The search list's figure (src/features/search/search-results.ts dailyRow) is these lines' total.
          if (!coupon) expect(dailyStayLines(listed, isOversized).totalCents).toBe(lines.totalCents);
        },
      ),
      { numRuns: RUNS },
    );
  }, 300_000);
});

describe('every seeded monthly rate: the list figure is the monthly charge, the first payment is the sum of its lines', () => {
  it('seeded monthly rates × start dates × options × monthly promotions', async () => {
    expect(monthlyRates.length).toBeGreaterThan(10);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...monthlyRates),
        fc.integer({ min: 0, max: 85 }),
        fc.record({ multipleVehiclePasses: fc.boolean(), isOversizedVehicle: fc.boolean(), isBusiness: fc.boolean() }),
        fc.constantFrom(null, 'MONTHLY50', 'BKMONTH25'),
        async (rate, daysAhead, options, coupon) => {
          const checkInDateUtc = new Date(t.clock.now.getTime() + daysAhead * DAY_MS).toISOString().slice(0, 10);
          const isOversizedVehicle = options.isOversizedVehicle && !rate.noOversized;
          const request = { monthlyRateId: rate.monthlyRateId, checkInDateUtc, multipleVehiclePasses: options.multipleVehiclePasses, isOversizedVehicle };
          const response = coupon
            ? await post(`/rates/api/monthly-rates/coupons/${coupon}/calculate`, request)
            : await post('/rates/api/monthly-rates/calculate', { ...request, isBusiness: options.isBusiness });
          if (response.status !== 200) return; // a rate not active that day, a promotion for another borough
          // The schema itself refuses a total that is not the sum of its lines.
          const calculation = v.parse(monthlyCalculationSchema, response.body);
          const { firstPayment, eachMonth } = calculation;
          // What sign-up charges (server/monthly-reservations/sign-up.ts) is the first payment's total.
          expect(firstPayment.totalCents).toBe(toCents(calculation.appliedProRateValueWithTax) + toCents(calculation.appliedServiceFeeAmountWithTax));
          expect(eachMonth.totalCents).toBe(toCents(calculation.appliedRateValueWithTax));
          // A promotion is a line of its own: "first month − promo + fee + tax" adds up to what is due.
          const promo = firstPayment.lines.find((line) => line.kind === 'discount');
          expect((promo?.amountCents ?? 0) + toCents(calculation.discountAmount)).toBe(0);
          expect(firstPayment.lines.filter((line) => line.kind === 'fee').map((line) => line.amountCents)).toEqual([toCents(rate.serviceFeeAmount)].filter((cents) => cents > 0));
          // The list's "/mo" (search-results.ts monthlyRow, the detail's picker, sign-up's radio) is the monthly charge.
          if (!options.multipleVehiclePasses) expect(monthlyRateLines(rate, isOversizedVehicle).totalCents).toBe(eachMonth.totalCents);
        },
      ),
      { numRuns: RUNS },
    );
  }, 300_000);
});
