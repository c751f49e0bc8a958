/**
 * Coupon arithmetic and eligibility. A promotion takes a percentage or a fixed amount off the
 * price before tax (tax is then charged on what the driver actually pays), never below zero.
 * It is valid from `validFrom` until `validUntil`, for daily or monthly parking, at every
 * garage or only at the listed ones. Messages here are shown to the driver as they are.
 */
import { type Cents, formatMoney, percentOf } from './money.ts';

export type PromotionTerms = {
  code: string;
  appliesTo: 'DAILY' | 'MONTHLY';
  discountType: 'PERCENT' | 'FIXED';
  /** Percent × 1000 for PERCENT (10 % = 10000), cents for FIXED. */
  discountValue: number;
  validFrom: Date;
  validUntil: Date;
  locationIds: number[] | null;
};

/** The discount on a pre-tax amount: a percentage rounded half up to the cent, or the fixed amount capped at the price. */
export function discountFor(terms: Pick<PromotionTerms, 'discountType' | 'discountValue'>, cents: Cents): Cents {
  const discount = terms.discountType === 'PERCENT' ? percentOf(cents, terms.discountValue) : terms.discountValue;
  return Math.min(Math.max(discount, 0), cents);
}

const formatUsDateTime = (date: Date) =>
  date.toLocaleDateString('en-US', { timeZone: 'America/New_York', month: '2-digit', day: '2-digit', year: 'numeric' });

/** Why a promotion cannot be used here and now, or undefined when it can. */
export function whyPromotionIsNotUsable(
  terms: PromotionTerms,
  use: { now: Date; appliesTo?: 'DAILY' | 'MONTHLY'; locationId?: number },
): string | undefined {
  if (use.now < terms.validFrom) return `The coupon code ${terms.code} is not valid until ${formatUsDateTime(terms.validFrom)}.`;
  if (use.now >= terms.validUntil) return `The coupon code ${terms.code} expired on ${formatUsDateTime(terms.validUntil)}.`;
  if (use.appliesTo && use.appliesTo !== terms.appliesTo) {
    return `The coupon code ${terms.code} can only be used for ${terms.appliesTo === 'DAILY' ? 'daily reservations' : 'monthly parking'}.`;
  }
  if (use.locationId !== undefined && terms.locationIds && !terms.locationIds.includes(use.locationId)) {
    return `The coupon code ${terms.code} is not valid at this location.`;
  }
  return undefined;
}

/** "10% off", "$5.00 off". */
export function describeDiscount(terms: Pick<PromotionTerms, 'discountType' | 'discountValue'>): string {
  return terms.discountType === 'PERCENT' ? `${terms.discountValue / 1000}% off` : `${formatMoney(terms.discountValue)} off`;
}
