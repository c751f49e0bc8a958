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

/** What the driver reads for a code no promotion has; the server's 404 for an unknown code says the same. */
export const couponNotValidText = (code: string) => `The coupon code ${code} is not valid.`;

export type TypedCoupon = { kind: 'empty' } | { kind: 'code'; code: string } | { kind: 'invalid'; message: string };

/**
 * A typed code checked before it is sent (issue 38 item 11): "NOPE!!" can be no coupon, so the
 * driver reads that here instead of the boundary's "Invalid param: couponCode: …" from the server.
 */
export function readTypedCoupon(typed: string): TypedCoupon {
  const code = normalizeCouponCode(typed.trim());
  if (code === '') return { kind: 'empty' };
  if (code.length > COUPON_CODE_MAX_LENGTH) return { kind: 'invalid', message: `A coupon code has at most ${COUPON_CODE_MAX_LENGTH} characters.` };
  if (!/^[A-Z0-9]+$/.test(code)) return { kind: 'invalid', message: couponNotValidText(typed.trim()) };
  return { kind: 'code', code };
}

/** A boundary 400 ("Invalid param: …", "Invalid request body: …") is written for developers, never shown to a driver. */
export const isDeveloperMessage = (message: string) => /^Invalid (param|query|request body|json|header)\b/i.test(message);
