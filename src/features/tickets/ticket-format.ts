/**
 * Pure helpers of the ticket screens: money, parked time, the default payment method and the
 * browser-pay amount (spec 3 §4, §7, §9). A typed coupon code is read by readTypedCoupon
 * (src/contract/promotions.ts).
 */

const USD = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 12.5 → "12.50", 1234 → "1,234.00"; never "-0.00". */
export function formatAmount(dollars: number): string {
  const rounded = Math.round(dollars * 100) / 100;
  return USD.format(Object.is(rounded, -0) ? 0 : rounded);
}

/** "Pay $" plus the formatted amount (spec 3 §9). */
export const payLabel = (dollars: number): string => `Pay $${formatAmount(dollars)}`;

/** 135 → "2h 15m", 45 → "45m". */
export function formatParkedTime(minutes: number): string {
  const whole = Math.max(0, Math.floor(minutes));
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  return hours > 0 ? `${hours}h ${rest}m` : `${rest}m`;
}

export type PaymentMethodKind = 'saved_cc' | 'cc' | 'reservation' | 'browser-pay';

/** The first saved card if any, otherwise a new card (spec 3 §4). */
export const defaultPaymentMethod = (savedCardCount: number): PaymentMethodKind => (savedCardCount > 0 ? 'saved_cc' : 'cc');

/** Payment Request amount: dollars × 100, rounded (spec 3 §7). */
export const toCents = (dollars: number): number => Math.round(dollars * 100);
