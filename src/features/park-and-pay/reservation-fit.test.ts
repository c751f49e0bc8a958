import { describe, expect, it } from 'vitest';
import type { AggregatorReservation } from '../../contract/tickets';
import { reservationFit } from './reservation-fit';

const reservation: AggregatorReservation = {
  id: 1, reservationNumber: 'SH-1234', address: '1 Main St', locationId: 7, checkIn: '2026-11-23T14:00:00Z', checkOut: '2026-11-23T20:00:00Z', rate: 19.5, aggregator: 'SpotHero', isRedeemed: false,
};
const at = (iso: string, isOversized = false, locationId = 7) => ({ locationId, arrival: new Date(iso), isOversized });

describe('reservationFit', () => {
  it('covers an arrival inside the window (with 15 min early grace)', () => {
    expect(reservationFit(reservation, at('2026-11-23T13:50:00Z'))).toBe('PaidInFull');
    expect(reservationFit(reservation, at('2026-11-23T15:00:00Z', true))).toBe('OversizeSurcharge');
  });
  it('flags arrivals outside the window', () => {
    expect(reservationFit(reservation, at('2026-11-23T13:40:00Z'))).toBe('OutsideOfReservationWindow');
    expect(reservationFit(reservation, at('2026-11-23T21:00:00Z', true))).toBe('OutsideOfReservationWindowAndOversizeSurcharge');
  });
  it('does not apply at another garage or once redeemed', () => {
    expect(reservationFit(reservation, at('2026-11-23T15:00:00Z', false, 8))).toBe('DoesntApply');
    expect(reservationFit({ ...reservation, isRedeemed: true }, at('2026-11-23T15:00:00Z'))).toBe('DoesntApply');
  });
});
