/** Spec 2 §5 "Coupon": upper-cased, spaces and hyphens stripped, at most 40 characters. */
export const COUPON_MAX_LENGTH = 40;

export function normalizeCouponCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]+/g, '').slice(0, COUPON_MAX_LENGTH);
}
