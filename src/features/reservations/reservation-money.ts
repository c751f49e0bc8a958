/**
 * Spec 1 §5 price display for the reservation screens: whole dollars when whole ("$28"),
 * otherwise with cents ("$28.41"); the total is rate with tax plus the service fee, or the
 * oversize rate plus the oversized service fee for an oversized vehicle.
 */
import type { DailyRate } from '../../contract/rates';

export function formatPrice(dollars: number): string {
  const cents = Math.round(dollars * 100);
  const sign = cents < 0 ? '-' : '';
  const whole = Math.floor(Math.abs(cents) / 100);
  const rest = Math.abs(cents) % 100;
  return rest === 0 ? `${sign}$${whole}` : `${sign}$${whole}.${String(rest).padStart(2, '0')}`;
}

type Priced = Pick<DailyRate, 'rateWithTax' | 'serviceFeeAmount' | 'oversizeRate' | 'oversizedServiceFeeAmount'>;

export function totalCents(rate: Priced, isOversized: boolean): number {
  return isOversized
    ? Math.round(rate.oversizeRate * 100) + Math.round(rate.oversizedServiceFeeAmount * 100)
    : Math.round(rate.rateWithTax * 100) + Math.round(rate.serviceFeeAmount * 100);
}

/** Oversized is offered only where the garage takes it and the surcharge is above 0 (spec 1 §5). */
export function canChooseOversized(rate: Pick<DailyRate, 'noOversized' | 'oversizeSurcharge'>, locationAcceptsOversized: boolean): boolean {
  return locationAcceptsOversized && !rate.noOversized && rate.oversizeSurcharge > 0;
}
