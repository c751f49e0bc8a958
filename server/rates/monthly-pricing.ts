/**
 * Monthly rates as the API shows them: a rate row with its taxes applied (monthly search and
 * "currently active"), and a full calculation for a start date and customer options, stored as a
 * monthly rate instance that the monthly reservation then refers to.
 */
import { randomUUID } from 'node:crypto';
import { Temporal } from 'temporal-polyfill';
import { MONTHLY_MAX_START_DAYS_AHEAD, type MonthlyCalculation, type MonthlyRate } from '../../src/contract/rates.ts';
import type { Db } from '../db/client.ts';
import { HttpError } from '../lib/http-error.ts';
import type { PromotionTerms } from './coupons.ts';
import { formatUsDate, toLocal } from './local-time.ts';
import { dollarsToCents, toDollars } from './money.ts';
import { type MonthlyRateRow, saveMonthlyRateInstance } from './monthly-queries.ts';
import { calculateMonthlyPrice, type MonthlyOptions, monthlyTaxContext, taxRatePercent } from './monthly-rate.ts';
import { withTax } from './taxes.ts';

/** "2026-12-01" is that date; an instant is read as its date in New York. */
export function parseCheckInDate(value: string): Temporal.PlainDate {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? Temporal.PlainDate.from(value) : toLocal(new Date(value)).date;
}

/** Spec 2 §5: the start date cannot be before today or more than the allowed days ahead. */
export function requireStartDateInRange(date: Temporal.PlainDate, now: Date): void {
  const today = toLocal(now).date;
  const latest = today.add({ days: MONTHLY_MAX_START_DAYS_AHEAD });
  if (Temporal.PlainDate.compare(date, latest) > 0) throw new HttpError(400, `Requested Start date is invalid, it cannot be greater than ${formatUsDate(latest)}`);
  if (Temporal.PlainDate.compare(date, today) < 0) throw new HttpError(400, `Requested Start date is invalid, it cannot be earlier than ${formatUsDate(today)}`);
}

export function isActiveOn(row: MonthlyRateRow, date: Temporal.PlainDate): boolean {
  const iso = date.toString();
  return row.activeFrom <= iso && (row.activeUntil === null || row.activeUntil > iso);
}

const acceptsOversized = (row: MonthlyRateRow) => row.locationOversized && row.oversizeRate > 0;

export function toMonthlyRate(row: MonthlyRateRow): MonthlyRate {
  const tax = monthlyTaxContext(row.area, { isBusiness: false, isResident: false, isTaxExempt: false });
  const oversized = acceptsOversized(row);
  return {
    monthlyRateId: row.monthlyRateId,
    locationId: row.locationId,
    location: { locationId: row.locationId, latitude: row.latitude, longitude: row.longitude, seoUrl: row.seoUrl, address1: row.address1 },
    rateType: 'MONTHLY',
    monthlyRateGroup: { monthlyRateGroupName: row.groupName, description: row.description },
    rate: row.rate,
    rateWithTax: toDollars(withTax(dollarsToCents(row.rate), tax)),
    oversizeRate: oversized ? row.oversizeRate : 0,
    oversizeRateWithTax: oversized ? toDollars(withTax(dollarsToCents(row.oversizeRate), tax)) : 0,
    noOversized: !oversized,
    taxRatePercent: taxRatePercent(tax),
    serviceFeeAmount: row.serviceFee,
    exitFee: row.exitFee,
    useAsDefault: row.useAsDefault,
    rateCode: row.rateCode,
    lengthOfInitialTerm: row.lengthOfInitialTerm,
    restrictions: row.restrictions,
    rateAvailabilityTimeDescription: row.rateAvailabilityTimeDescription,
  };
}

export async function calculateAndStoreMonthly(
  db: Db,
  row: MonthlyRateRow,
  options: MonthlyOptions,
  coupon?: PromotionTerms,
): Promise<MonthlyCalculation> {
  if (!isActiveOn(row, options.checkInDate)) throw new HttpError(400, 'This monthly rate is not available for the selected start date.');
  if (options.isOversizedVehicle && !acceptsOversized(row)) throw new HttpError(400, 'This location does not accept Oversized Vehicles.');
  const terms = {
    monthlyRateId: row.monthlyRateId,
    rateCents: dollarsToCents(row.rate),
    oversizeRateCents: dollarsToCents(row.oversizeRate),
    serviceFeeCents: dollarsToCents(row.serviceFee),
    exitFeeCents: dollarsToCents(row.exitFee),
  };
  // An exemption or resident rate is only a claim until staff approve its proof (decision 0104):
  // the quote bills the full rate and shows the claimed price beside it as exemptionClaim.
  const price = calculateMonthlyPrice(terms, row.area, { ...options, isTaxExempt: false, isResident: false }, coupon);
  const claimed = calculateMonthlyPrice(terms, row.area, options, coupon);
  const rateCents = dollarsToCents(row.rate);
  const oversizeCents = acceptsOversized(row) ? dollarsToCents(row.oversizeRate) : 0;
  const calculation: MonthlyCalculation = {
    monthlyRateInstanceId: randomUUID(),
    appliedPromotionCode: coupon?.code ?? null,
    monthlyRateId: row.monthlyRateId,
    locationId: row.locationId,
    checkInDateUtc: options.checkInDate.toString(),
    rate: row.rate,
    residentRate: row.rate,
    oversizeRate: toDollars(oversizeCents),
    residentOversizeRate: toDollars(oversizeCents),
    taxRate: taxRatePercent(price.taxContext),
    residentTaxRate: taxRatePercent(price.residentTaxContext),
    rateWithTax: toDollars(withTax(rateCents, price.taxContext)),
    oversizeRateWithTax: toDollars(withTax(oversizeCents, price.taxContext)),
    residentRateWithTax: toDollars(withTax(rateCents, price.residentTaxContext)),
    residentOversizeRateWithTax: toDollars(withTax(oversizeCents, price.residentTaxContext)),
    exitFee: row.exitFee,
    rateCode: row.rateCode,
    lengthOfInitialTerm: row.lengthOfInitialTerm,
    restrictions: row.restrictions,
    rateAvailabilityTimeDescription: row.rateAvailabilityTimeDescription,
    rateMessage: price.rateMessage,
    isResident: options.isResident && !options.isBusiness,
    isTaxExempt: options.isTaxExempt,
    isBusiness: options.isBusiness,
    isOversizedVehicle: options.isOversizedVehicle,
    multipleVehiclePasses: options.multipleVehiclePasses,
    appliedProRateValueWithTax: toDollars(price.appliedProRateValueWithTaxCents),
    appliedRateValueWithTax: toDollars(price.appliedRateValueWithTaxCents),
    appliedServiceFeeAmountWithTax: toDollars(price.appliedServiceFeeWithTaxCents),
    isProRated: price.isProRated,
    discountAmount: toDollars(price.discountCents),
    firstPayment: price.firstPayment,
    eachMonth: price.eachMonth,
    exemptionClaim: claimed.appliedRateValueWithTaxCents === price.appliedRateValueWithTaxCents ? null : {
      claim: options.isTaxExempt ? 'tax-exempt' : 'resident',
      status: 'needs-proof',
      taxRate: taxRatePercent(claimed.taxContext),
      appliedProRateValueWithTax: toDollars(claimed.appliedProRateValueWithTaxCents),
      appliedRateValueWithTax: toDollars(claimed.appliedRateValueWithTaxCents),
      appliedServiceFeeAmountWithTax: toDollars(claimed.appliedServiceFeeWithTaxCents),
    },
  };
  await saveMonthlyRateInstance(db, {
    monthlyRateInstanceId: calculation.monthlyRateInstanceId,
    monthlyRateId: row.monthlyRateId,
    locationId: row.locationId,
    checkInDate: calculation.checkInDateUtc,
    appliedPromotionCode: calculation.appliedPromotionCode,
    appliedProRateValueWithTax: calculation.appliedProRateValueWithTax,
    appliedRateValueWithTax: calculation.appliedRateValueWithTax,
    appliedServiceFeeAmountWithTax: calculation.appliedServiceFeeAmountWithTax,
    exitFee: calculation.exitFee,
    isProRated: calculation.isProRated,
    calculation,
  });
  return calculation;
}
