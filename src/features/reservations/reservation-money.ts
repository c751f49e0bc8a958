/**
 * Spec 1 §5 price display for the reservation screens: whole dollars when whole ("$28"),
 * otherwise with cents ("$28.41"); the total is rate with tax plus the service fee, or the
 * oversize rate plus the oversized service fee for an oversized vehicle.
 */
import { dailyStayLines, type DailyPriced } from '../../contract/priced-lines-quotes';
import type { DailyRate } from '../../contract/rates';

export function formatPrice(dollars: number): string {
  const cents = Math.round(dollars * 100);
  const sign = cents < 0 ? '-' : '';
  const whole = Math.floor(Math.abs(cents) / 100);
  const rest = Math.abs(cents) % 100;
  return rest === 0 ? `${sign}$${whole}` : `${sign}$${whole}.${String(rest).padStart(2, '0')}`;
}

/** The total of the quote's priced lines: what checkout shows and the server charges (decision 0110). */
export function totalCents(rate: DailyPriced, isOversized: boolean): number {
  return dailyStayLines(rate, isOversized).totalCents;
}

/** Oversized is offered only where the garage takes it and the surcharge is above 0 (spec 1 §5). */
export function canChooseOversized(rate: Pick<DailyRate, 'noOversized' | 'oversizeSurcharge'>, locationAcceptsOversized: boolean): boolean {
  return locationAcceptsOversized && !rate.noOversized && rate.oversizeSurcharge > 0;
}
