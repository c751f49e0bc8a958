/**
 * The reservation pass (spec 2 §2 /my-account/reservations/{reservationId}): confirmation number
 * and its QR code drawn on the device (the gate scans the number; src/lib/qr-code.ts, the exit
 * pass's renderer), the garage with a directions link, the window, the price, the garage's
 * confirmation copy, Cancel while allowed, add to calendar (.ics) and share.
 *
 * It opens in a garage with no signal: the reservation query is persisted on the device
 * (`meta.persist`, src/lib/query-client.ts), and the page says "offline · last updated 12:04"
 * when it shows that saved copy without a network
 * (the gate pages' marker, src/ui/offline-marker.tsx).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { Reservation } from '../../contract/reservations';
import { ApiError, NetworkError } from '../../lib/errors';
import { newYorkDay, newYorkTime } from '../../lib/new-york-time';
import { renderQrPath } from '../../lib/qr-code';
import { useIsOnline } from '../../lib/use-online';
import { OfflineMarker } from '../../ui/offline-marker';
import { reservationCalendarFile } from './calendar-file';
import { PriceBreakdown } from './price-breakdown';
import { formatPrice } from './reservation-money';
import { cancelReservation, reservationFromSavedLists, reservationKeys, reservationQueryOptions } from './reservations-api';
import './reservations.css';

function windowText(entryUtc: string, exitUtc: string): string {
  const [entry, exit] = [Date.parse(entryUtc), Date.parse(exitUtc)];
  const end = newYorkDay(entry) === newYorkDay(exit) ? newYorkTime(exit) : `${newYorkDay(exit)}, ${newYorkTime(exit)}`;
  return `${newYorkDay(entry)}, ${newYorkTime(entry)} – ${end}`;
}

function ReservationQr({ code }: { code: string }) {
  const qr = useMemo(() => renderQrPath(code), [code]);
  const quiet = 4;
  const box = qr.size + quiet * 2;
  return (
    <svg className="reservation-pass__qr" viewBox={`${-quiet} ${-quiet} ${box} ${box}`} role="img" aria-label={`QR code ${code}`} shapeRendering="crispEdges">
      <rect x={-quiet} y={-quiet} width={box} height={box} fill="#fff" />
      <path d={qr.path} fill="#000" />
    </svg>
  );
}

function ShareActions({ reservation }: { reservation: Reservation }) {
  const [note, setNote] = useState('');
  const passUrl = `${window.location.origin}/my-account/reservations/${reservation.reservationId}`;
  const calendarHref = useMemo(() => {
    const text = reservationCalendarFile(reservation, passUrl, reservation.reservationDateUtc);
    return `data:text/calendar;charset=utf-8,${encodeURIComponent(text)}`;
  }, [reservation, passUrl]);
  const share = async () => {
    const data = { title: `Parking reservation ${reservation.confirmationNumber}`, text: `Parking at ${reservation.location.address1}`, url: passUrl };
    try {
      if (typeof navigator.share === 'function') {
        await navigator.share(data);
        return;
      }
      await navigator.clipboard.writeText(passUrl);
      setNote('Link copied.');
    } catch {
      // The driver closed the share sheet, or the clipboard is not allowed: nothing to report.
    }
  };
  return (
    <div className="reservation-pass__actions">
      <a className="button button--secondary" href={calendarHref} download={`parkfair-${reservation.confirmationNumber}.ics`}>Add to calendar</a>
      <button type="button" className="button button--secondary" onClick={() => void share()}>Share</button>
      {note && <span role="status">{note}</span>}
    </div>
  );
}

function CancelReservation({ reservation }: { reservation: Reservation }) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<'idle' | 'confirm' | 'busy'>('idle');
  const [error, setError] = useState('');
  const cancel = async () => {
    setStep('busy');
    setError('');
    try {
      const cancelled = await cancelReservation(reservation.reservationId);
      queryClient.setQueryData(reservationKeys.one(reservation.reservationId), cancelled);
      void queryClient.invalidateQueries({ queryKey: reservationKeys.all });
      setStep('idle');
    } catch (caught: unknown) {
      setError(caught instanceof ApiError && caught.status < 500 ? caught.message : 'We are sorry! Our system is unable to process your request at the moment. Please try again after few seconds.');
      setStep('confirm');
    }
  };
  if (step === 'idle') {
    return <button type="button" className="button button--secondary" onClick={() => setStep('confirm')}>Cancel Reservation</button>;
  }
  return (
    <div className="reserve-card" role="group" aria-label="Cancel reservation">
      <p>Cancel this reservation? {reservation.totalCents > 0 ? `${formatPrice(reservation.total)} will be refunded to your card.` : ''}</p>
      {error && <p className="notice notice--alert" role="alert">{error}</p>}
      <div className="reservation-pass__actions">
        <button type="button" className="button" disabled={step === 'busy'} onClick={() => void cancel()}>{step === 'busy' ? 'Cancelling...' : 'Yes, cancel'}</button>
        <button type="button" className="button button--secondary" disabled={step === 'busy'} onClick={() => setStep('idle')}>Keep it</button>
      </div>
    </div>
  );
}

/** The pass is not refetched on a timer, so online its copy is never called old (no "updated 12:04"). */
const NOT_REFRESHED_ON_A_TIMER = Number.POSITIVE_INFINITY;

export function ReservationPass({ reservationId }: { reservationId: number }) {
  const queryClient = useQueryClient();
  // Opened from the list offline, a pass never opened before comes from the saved list's copy.
  const query = useQuery({
    ...reservationQueryOptions(reservationId),
    initialData: () => reservationFromSavedLists(queryClient, reservationId)?.reservation,
    initialDataUpdatedAt: () => reservationFromSavedLists(queryClient, reservationId)?.updatedAt,
  });
  const isOnline = useIsOnline();
  const reservation = query.data;
  if (!reservation) {
    if (query.isError) {
      const text = query.error instanceof NetworkError ? query.error.message : query.error instanceof ApiError && query.error.status === 404 ? 'This reservation was not found.' : 'We could not load this reservation.';
      return (
        <div className="reservation-pass">
          <p className="notice notice--alert" role="alert">{text}</p>
          <button type="button" className="button" onClick={() => void query.refetch()}>Try again</button>
        </div>
      );
    }
    return <p className="reserve-skeleton" role="status">Loading...</p>;
  }
  const { location, rateInstance } = reservation;
  const directions = `https://www.google.com/maps/dir/?api=1&destination=${location.latitude},${location.longitude}`;
  return (
    <div className="reservation-pass" data-testid="reservation-pass">
      <OfflineMarker updatedAt={query.dataUpdatedAt} failureReason={query.failureReason} refreshIntervalMs={NOT_REFRESHED_ON_A_TIMER} />
      {reservation.status === 'cancelled' && (
        <p className="notice" role="status">
          This reservation was cancelled.
          {reservation.refund ? ` Refund of ${formatPrice(reservation.refund.amount)}${reservation.refund.status === 'succeeded' ? ' issued' : ' pending'}.` : ''}
        </p>
      )}
      {reservation.status === 'pending' && <p className="notice" role="status">This reservation is waiting for its payment.</p>}
      {reservation.status === 'confirmed' && (
        <figure className="reserve-card" aria-label={`Reservation pass ${reservation.confirmationNumber}`}>
          <ReservationQr code={reservation.qrCode} />
          <figcaption>
            Confirmation number <span className="reservation-pass__number" data-testid="confirmation-number">{reservation.confirmationNumber}</span>
          </figcaption>
        </figure>
      )}
      <section className="reserve-card">
        <h2>{location.locationDisplayText || location.address1}</h2>
        <p>
          {location.address1}, {location.city}, {location.state} {location.zip}
          {location.crossStreet && <><br />{location.crossStreet}</>}
        </p>
        <a href={directions} target="_blank" rel="noopener noreferrer">Directions</a>
        <p data-testid="reservation-window"><strong>{windowText(rateInstance.entryTimeUtc, rateInstance.exitTimeUtc)}</strong></p>
        {reservation.isOversized && <p>Oversized vehicle</p>}
      </section>
      <section className="reserve-card">
        <h2>Price</h2>
        <PriceBreakdown rate={rateInstance} isOversized={reservation.isOversized} />
      </section>
      {location.reservationConfirmationCopy && <section className="reserve-card"><p>{location.reservationConfirmationCopy}</p></section>}
      {reservation.status === 'confirmed' && <ShareActions reservation={reservation} />}
      {reservation.canCancel && isOnline && <CancelReservation reservation={reservation} />}
      {reservation.status === 'confirmed' && !reservation.canCancel && reservation.isNotClaimed && (
        <p className="reserve-muted">Reservations can be cancelled up to 30 minutes before they start.</p>
      )}
    </div>
  );
}
