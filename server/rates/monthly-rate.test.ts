import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { allocateMonthByDay, calculateMonthlyPrice, type MonthlyOptions, proRateFromDay } from './monthly-rate.ts';

const REGULAR = { monthlyRateId: 1, rateCents: 52_500, oversizeRateCents: 62_500, serviceFeeCents: 2500, exitFeeCents: 0 };
const options = (date: string, extra: Partial<MonthlyOptions> = {}): MonthlyOptions => ({
  checkInDate: Temporal.PlainDate.from(date),
  isBusiness: false, multipleVehiclePasses: false, isOversizedVehicle: false, isTaxExempt: false, isResident: false,
  ...extra,
});

describe('monthly proration', () => {
  it('$525.00 over 30 days is $17.50 a day; from Nov 23 (8 days) = $140.00', () => {
    expect(proRateFromDay(52_500, 30, 23)).toBe(14_000);
  });

  it('$100.00 over 31 days: 18 days of 323¢ and 13 of 322¢ add up to exactly $100.00', () => {
    const days = allocateMonthByDay(10_000, 31);
    expect(days.filter((day) => day === 323)).toHaveLength(18);
    expect(days.reduce((sum, day) => sum + day, 0)).toBe(10_000);
  });

  it('starting on the 1st is not prorated: the first payment is the full month', () => {
    const price = calculateMonthlyPrice(REGULAR, 'brooklyn', options('2026-12-01'));
    expect(price.isProRated).toBe(false);
    expect(price.appliedProRateValueWithTaxCents).toBe(price.appliedRateValueWithTaxCents);
  });
});

describe('monthly price and tax', () => {
  it('Manhattan $525.00 from Nov 23: prorated $140.00 + 18.375% $25.73 = $165.73; monthly $525.00 + $96.47 = $621.47', () => {
    const price = calculateMonthlyPrice(REGULAR, 'manhattan', options('2026-11-23'));
    expect(price).toMatchObject({ proRatedCents: 14_000, appliedProRateValueWithTaxCents: 16_573, appliedRateValueWithTaxCents: 62_147, isProRated: true });
    expect(price.rateMessage).toBe('First payment prorated for 11/23/2026–11/30/2026 (8 of 30 days)');
  });

  it('Manhattan resident: $525.00 + 10.375% $54.47 = $579.47 (8% surcharge exempt)', () => {
    expect(calculateMonthlyPrice(REGULAR, 'manhattan', options('2026-12-01', { isResident: true })).appliedRateValueWithTaxCents).toBe(57_947);
  });

  it('a business cannot claim the resident exemption: $525.00 + 18.375% = $621.47', () => {
    expect(calculateMonthlyPrice(REGULAR, 'manhattan', options('2026-12-01', { isResident: true, isBusiness: true })).appliedRateValueWithTaxCents).toBe(62_147);
  });

  it('oversized vehicle with a multi-car pass in Brooklyn: ($625.00 + $35.00) × 1.10375 = $728.48', () => {
    const price = calculateMonthlyPrice(REGULAR, 'brooklyn', options('2026-12-01', { isOversizedVehicle: true, multipleVehiclePasses: true }));
    expect(price.monthlyCents).toBe(66_000);
    expect(price.appliedRateValueWithTaxCents).toBe(72_848);
  });

  it('Jersey City non-resident service fee $25.00 + 18.5% = $29.63; tax exempt pays $25.00', () => {
    expect(calculateMonthlyPrice(REGULAR, 'jersey-city', options('2026-12-01')).appliedServiceFeeWithTaxCents).toBe(2963);
    expect(calculateMonthlyPrice(REGULAR, 'jersey-city', options('2026-12-01', { isTaxExempt: true })).appliedServiceFeeWithTaxCents).toBe(2500);
  });

  it('a $50.00 coupon from Nov 23 in Brooklyn: ($140.00 − $50.00) × 1.10375 = $99.34', () => {
    const price = calculateMonthlyPrice(REGULAR, 'brooklyn', options('2026-11-23'), { discountType: 'FIXED', discountValue: 5000 });
    expect(price).toMatchObject({ discountCents: 5000, appliedProRateValueWithTaxCents: 9934 });
  });
});
