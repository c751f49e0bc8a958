/** Reservation found (spec 3 §2): address, check-in, check-out, rate, the fit outcome, and Apply Reservation. */
import { Link, Navigate } from '@tanstack/react-router';
import { formatAmount } from '../../lib/card-validation';
import { useDraft } from './draft-store';
import { formatEntry } from './flow-rules';
import { ParkLayout } from './park-layout';
import { RESERVATION_FIT_TEXT, reservationFit } from './reservation-fit';

export function ReservationFound() {
  const draft = useDraft();
  const reservation = draft.reservation;
  if (!reservation) return <Navigate to="/parkandpay/find-reservation" replace />;
  const fit = draft.locationId ? reservationFit(reservation, { locationId: draft.locationId, arrival: new Date(), isOversized: draft.isOversized ?? false }) : undefined;
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
      {fit && <p className="notice">{RESERVATION_FIT_TEXT[fit]}</p>}
      {fit !== 'DoesntApply' && <Link to="/parkandpay/reservation-payment" className="button">Apply Reservation</Link>}{' '}
      <Link to="/parkandpay/find-reservation" className="button button--secondary">Back</Link>
    </ParkLayout>
  );
}
