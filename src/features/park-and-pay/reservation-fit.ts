/**
 * Does a found aggregator reservation cover this parking (spec 3 §3 "Reservation fit
 * enumeration")? The original showed hard-coded sample data; we look the reservation up and
 * decide here: another garage or an already-redeemed reservation does not apply; arriving before
 * check-in (beyond a grace period) or after check-out is outside the window; an oversized vehicle
 * pays the surcharge on top.
 */
import type { AggregatorReservation, ReservationFit } from '../../contract/tickets';

/** Drivers arriving a little early are still within their reservation. */
export const EARLY_ARRIVAL_GRACE_MINUTES = 15;

export function reservationFit(reservation: AggregatorReservation, at: { locationId: number; arrival: Date; isOversized: boolean }): ReservationFit {
  if (reservation.isRedeemed || reservation.locationId !== at.locationId) return 'DoesntApply';
  const arrival = at.arrival.getTime();
  const isOutside = arrival < new Date(reservation.checkIn).getTime() - EARLY_ARRIVAL_GRACE_MINUTES * 60_000 || arrival > new Date(reservation.checkOut).getTime();
  if (isOutside && at.isOversized) return 'OutsideOfReservationWindowAndOversizeSurcharge';
  if (isOutside) return 'OutsideOfReservationWindow';
  return at.isOversized ? 'OversizeSurcharge' : 'PaidInFull';
}

export const RESERVATION_FIT_TEXT: Record<ReservationFit, string> = {
  DoesntApply: 'This reservation does not apply to this location.',
  PaidInFull: 'Your reservation covers this parking session.',
  OversizeSurcharge: 'Your reservation applies; an oversize vehicle surcharge will be due at exit.',
  OutsideOfReservationWindow: 'You are outside your reservation window; the difference will be due at exit.',
  OutsideOfReservationWindowAndOversizeSurcharge: 'You are outside your reservation window and an oversize surcharge applies; the difference will be due at exit.',
};
