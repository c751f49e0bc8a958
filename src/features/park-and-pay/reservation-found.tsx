/**
 * Reservation found (spec 3 §2): address, check-in, check-out, rate, the fit outcome, and Apply
 * Reservation. One that was used, expired, or bought for another garage says so plainly (naming
 * the garage it is for) and cannot be applied.
 */
import { Link, Navigate } from '@tanstack/react-router';
import { reservationStanding, reservationStandingText } from '../../contract/tickets';
import { formatAmount } from '../../lib/card-validation';
import { useDraft } from './draft-store';
import { formatEntry } from './flow-rules';
import { ParkLayout } from './park-layout';
import { RESERVATION_FIT_TEXT, reservationFit } from './reservation-fit';

export function ReservationFound() {
  const draft = useDraft();
  const reservation = draft.reservation;
  if (!reservation) return <Navigate to="/parkandpay/find-reservation" replace />;
  const now = new Date();
  const standing = reservationStanding(reservation, { now, isThisGarage: !draft.locationId || reservation.locationId === draft.locationId });
  const fit = draft.locationId && !standing ? reservationFit(reservation, { locationId: draft.locationId, arrival: now, isOversized: draft.isOversized ?? false }) : undefined;
  return (
    <ParkLayout title="Reservation Found">
      <dl className="park-session__facts">
        <dt>Reservation</dt>
        <dd>{reservation.reservationNumber} ({reservation.aggregator})</dd>
        <dt>Address</dt>
        <dd>{reservation.address}</dd>
        <dt>Check-in</dt>
        <dd>{formatEntry(reservation.checkIn)}</dd>
        <dt>Check-out</dt>
        <dd>{formatEntry(reservation.checkOut)}</dd>
        <dt>Rate</dt>
        <dd>${formatAmount(reservation.rate)}</dd>
      </dl>
      {standing && (
        <p className="notice" role="alert">
          {reservationStandingText(standing, reservation, formatEntry)}
        </p>
      )}
      {fit && <p className="notice">{RESERVATION_FIT_TEXT[fit]}</p>}
      {!standing && fit !== 'DoesntApply' && <Link to="/parkandpay/reservation-payment" className="button">Apply Reservation</Link>}{' '}
      <Link to="/parkandpay/find-reservation" className="button button--secondary">Back</Link>
    </ParkLayout>
  );
}
