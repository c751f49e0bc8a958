/**
 * Monthly parking prices. A garage posts monthly rates in groups (Regular, Oversize, Motorcycle,
 * Business); each has a price for a standard vehicle and, where the garage takes them, one for
 * an oversized vehicle. Customers pay the rest of the start month up front (prorated by day),
 * then the full rate on the 1st of each month (spec 2 §9), plus a one-time service fee.
 *
 *   tax        by jurisdiction (taxes.ts); a resident (not a business) drops the Manhattan 8 %
 *              surcharge or the NJ 3.5 % non-resident tax; a tax-exempt customer pays none.
 *   multi-car  a pass shared by several registered vehicles adds a fixed monthly amount.
 *   proration  the month's price is split into whole-cent days that add up exactly to the
 *              month (the first days take the leftover cents), so "rest of the month" plus
 *              "days before the start" is always the full month.
 *   coupon     a monthly promotion comes off the first payment, before tax.
 */
import type { Temporal } from 'temporal-polyfill';
import type { LocationArea } from '../../src/contract/locations.ts';
import { pricedLines, type PricedLines } from '../../src/contract/priced-lines.ts';
import { discountFor, type PromotionTerms } from './coupons.ts';
import { formatUsDate } from './local-time.ts';
import type { Cents } from './money.ts';
import { calculateTax, type TaxContext, totalRateThousandths, taxComponents, withTax } from './taxes.ts';

export const MULTIPLE_VEHICLE_PASS_CENTS: Cents = 3500;

export type MonthlyRateTerms = {
  monthlyRateId: number;
  rateCents: Cents;
  /** 0 when oversized vehicles cannot take this rate. */
  oversizeRateCents: Cents;
  serviceFeeCents: Cents;
  exitFeeCents: Cents;
};

export type MonthlyOptions = {
  checkInDate: Temporal.PlainDate;
  isBusiness: boolean;
  multipleVehiclePasses: boolean;
  isOversizedVehicle: boolean;
  isTaxExempt: boolean;
  isResident: boolean;
};

export type MonthlyPrice = {
  /** The monthly price before tax for the chosen vehicle and passes. */
  monthlyCents: Cents;
  taxContext: TaxContext;
  residentTaxContext: TaxContext;
  proRatedCents: Cents;
  discountCents: Cents;
  appliedProRateValueWithTaxCents: Cents;
  appliedRateValueWithTaxCents: Cents;
  appliedServiceFeeWithTaxCents: Cents;
  isProRated: boolean;
  rateMessage: string;
  /** Decision 0110: what is paid at sign-up, line by line; its total is appliedProRateValueWithTax + appliedServiceFeeWithTax. */
  firstPayment: PricedLines;
  /** What the card is charged on the 1st of each month; its total is appliedRateValueWithTax. */
  eachMonth: PricedLines;
};

/** Splits a month's price into per-day whole cents that add up to it exactly. */
export function allocateMonthByDay(monthCents: Cents, daysInMonth: number): Cents[] {
  const base = Math.floor(monthCents / daysInMonth);
  const leftover = monthCents - base * daysInMonth;
  return Array.from({ length: daysInMonth }, (_, index) => base + (index < leftover ? 1 : 0));
}

/** The price of the days from `startDay` (1-based) to the end of the month. */
export function proRateFromDay(monthCents: Cents, daysInMonth: number, startDay: number): Cents {
  return allocateMonthByDay(monthCents, daysInMonth)
    .slice(startDay - 1)
    .reduce((sum, day) => sum + day, 0);
}

export function monthlyTaxContext(area: LocationArea, options: Pick<MonthlyOptions, 'isBusiness' | 'isResident' | 'isTaxExempt'>): TaxContext {
  return { area, arenaZone: false, isEventRate: false, isResident: options.isResident && !options.isBusiness, isTaxExempt: options.isTaxExempt };
}

export function calculateMonthlyPrice(
  terms: MonthlyRateTerms,
  area: LocationArea,
  options: MonthlyOptions,
  coupon?: Pick<PromotionTerms, 'discountType' | 'discountValue'> & { code?: string },
): MonthlyPrice {
  const vehicleCents = options.isOversizedVehicle ? terms.oversizeRateCents : terms.rateCents;
  const monthlyCents = vehicleCents + (options.multipleVehiclePasses ? MULTIPLE_VEHICLE_PASS_CENTS : 0);
  const taxContext = monthlyTaxContext(area, options);
  const date = options.checkInDate;
  const isProRated = date.day > 1;
  const proRatedCents = proRateFromDay(monthlyCents, date.daysInMonth, date.day);
  const discountCents = coupon ? discountFor(coupon, proRatedCents) : 0;
  const lastDay = date.with({ day: date.daysInMonth });
  const daysCharged = date.daysInMonth - date.day + 1;
  const passesCents = options.multipleVehiclePasses ? MULTIPLE_VEHICLE_PASS_CENTS : 0;
  // Tax is on the month less the coupon and on the fee, each rounded once, as the totals below are.
  const firstTaxCents = calculateTax(proRatedCents - discountCents, taxContext).totalCents + calculateTax(terms.serviceFeeCents, taxContext).totalCents;
  const taxLabel = `Tax (${taxRatePercent(taxContext)}%)`;
  return {
    monthlyCents,
    taxContext,
    residentTaxContext: { ...taxContext, isResident: true },
    proRatedCents,
    discountCents,
    appliedProRateValueWithTaxCents: withTax(proRatedCents - discountCents, taxContext),
    appliedRateValueWithTaxCents: withTax(monthlyCents, taxContext),
    appliedServiceFeeWithTaxCents: withTax(terms.serviceFeeCents, taxContext),
    isProRated,
    firstPayment: pricedLines([
      { label: isProRated ? 'First month (prorated)' : 'First month', amountCents: proRatedCents, kind: 'charge' },
      { label: coupon?.code ? `Promo code ${coupon.code}` : 'Promo code', amountCents: discountCents, kind: 'discount' },
      { label: 'Service fee (one time)', amountCents: terms.serviceFeeCents, kind: 'fee' },
      { label: taxLabel, amountCents: firstTaxCents, kind: 'tax' },
    ]),
    eachMonth: pricedLines([
      { label: options.isOversizedVehicle ? 'Monthly rate, oversized' : 'Monthly rate', amountCents: monthlyCents - passesCents, kind: 'charge' },
      passesCents > 0 && { label: 'Multiple vehicle passes', amountCents: passesCents, kind: 'charge' },
      { label: taxLabel, amountCents: calculateTax(monthlyCents, taxContext).totalCents, kind: 'tax' },
    ]),
    rateMessage: isProRated
      ? `First payment prorated for ${formatUsDate(date)}–${formatUsDate(lastDay)} (${daysCharged} of ${date.daysInMonth} days)`
      : `Full month from ${formatUsDate(date)}`,
  };
}

/** The combined tax rate as a percentage (18.375), for display. */
export const taxRatePercent = (context: TaxContext): number => totalRateThousandths(taxComponents(context)) / 1000;
