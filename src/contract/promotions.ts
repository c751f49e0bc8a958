/**
 * Promotions (coupon codes) under /promotions/api (spec 2 §3 "Promotion", spec 3 §… coupon rules).
 * A code is typed by the driver, so it is normalised before lookup on both sides: upper-cased,
 * spaces and hyphens removed, at most 40 characters ("welcome-10" and "WELCOME 10" are WELCOME10).
 */
import * as v from 'valibot';
import { isoDateTimeSchema } from './paged.ts';

export const COUPON_CODE_MAX_LENGTH = 40;

/** Upper-case, drop spaces and hyphens (spec 2 §5 "Coupon"). */
export function normalizeCouponCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]+/g, '');
}

/** A route parameter holding a coupon code, normalised; 400 when empty, too long or not letters/digits. */
export const couponCodeSchema = v.pipe(
  v.string(),
  v.transform(normalizeCouponCode),
  v.minLength(1, 'The coupon code is empty.'),
  v.maxLength(COUPON_CODE_MAX_LENGTH, `A coupon code has at most ${COUPON_CODE_MAX_LENGTH} characters.`),
  v.regex(/^[A-Z0-9]+$/, 'A coupon code has only letters and digits.'),
);

export const PROMOTION_KINDS = ['DAILY', 'MONTHLY'] as const;
export const DISCOUNT_TYPES = ['PERCENT', 'FIXED'] as const;

/** GET /promotions/api/{couponCode}: the spec's promotionName, promotionDescription, legal, plus the terms. */
export const promotionSchema = v.object({
  promotionCode: v.string(),
  promotionName: v.string(),
  promotionDescription: v.string(),
  legal: v.string(),
  appliesTo: v.picklist(PROMOTION_KINDS),
  discountType: v.picklist(DISCOUNT_TYPES),
  /** Percent (e.g. 10 for 10 %) or dollars off, by discountType. */
  discountValue: v.number(),
  validFromUtc: isoDateTimeSchema,
  validUntilUtc: isoDateTimeSchema,
  /** null: every garage. */
  locationIds: v.nullable(v.array(v.number())),
});
export type Promotion = v.InferOutput<typeof promotionSchema>;
