/**
 * The customer's daily reservations (spec 2 §2 /my-account/reservations): upcoming and past
 * (cancelled, over, or used), 20 a page with the pagination widget, each linking to its pass. Saved on the device (issue 38):
 * offline it shows the saved copy with the marker ("offline · last updated 12:04"). Opened by the redeem-choose
 * scanner target (`?ticketNumber=…`), it asks which active reservation to apply to that ticket and
 * hands over to the redeem flow (/leavefast/ticket/{ticket}/redeem/{confirmation number}).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import * as v from 'valibot';
import { ticketNumberSchema } from '../../contract/tickets';
import type { Reservation } from '../../contract/reservations';
import { getErrorMessage } from '../../lib/errors';
import { newYorkDay, newYorkTime } from '../../lib/new-york-time';
import { OfflineMarker } from '../../ui/offline-marker';
import { PAGE_SIZE } from '../../ui/page-window';
import { Pagination } from '../../ui/pagination';
import { formatPrice } from './reservation-money';
import { reservationListQueryOptions } from './reservations-api';
import './reservations.css';

/** Online, a list older than this is marked "updated 12:04" (it refreshes on each visit). */
const LIST_STALE_MS = 5 * 60_000;

function when(reservation: Reservation): string {
  const entry = Date.parse(reservation.rateInstance.entryTimeUtc);
  return `${newYorkDay(entry)}, ${newYorkTime(entry)} – ${newYorkTime(Date.parse(reservation.rateInstance.exitTimeUtc))}`;
}

function statusText(reservation: Reservation): string {
  if (reservation.isCancelled) return reservation.refund ? `Cancelled · ${formatPrice(reservation.refund.amount)} refunded` : 'Cancelled';
  if (!reservation.isNotClaimed) return 'Used';
  return Date.parse(reservation.rateInstance.exitTimeUtc) <= Date.now() ? 'Completed' : 'Confirmed';
}

function ReservationPage({ kind, ticketNumber }: { kind: 'active' | 'completed'; ticketNumber: string | undefined }) {
  const [page, setPage] = useState(0);
  // The page shown stays while the next one loads, so the widget stays under the driver's thumb.
  const list = useQuery({ ...reservationListQueryOptions(kind, page, PAGE_SIZE), placeholderData: keepPreviousData });
  const heading = kind === 'active' ? 'Upcoming reservations' : 'Past reservations';
  if (list.isPending) {
    return (
      <section aria-busy="true" aria-label={heading}>
        <h2>{heading}</h2>
        <p className="reserve-skeleton" role="status">Loading...</p>
        <p className="reserve-skeleton" />
      </section>
    );
  }
  // A saved copy is shown whatever its refresh did (offline at the gate): the marker says so.
  if (!list.data) {
    return (
      <section aria-label={heading}>
        <h2>{heading}</h2>
        <p className="notice notice--alert" role="alert">{getErrorMessage(list.error)}</p>
        <button type="button" className="button button--secondary" onClick={() => void list.refetch()}>Try again</button>
      </section>
    );
  }
  const { results, totalElementCount } = list.data;
  return (
    <section aria-label={heading} data-testid={`reservations-${kind}`}>
      <h2>{heading}</h2>
      <OfflineMarker updatedAt={list.dataUpdatedAt} failureReason={list.failureReason} refreshIntervalMs={LIST_STALE_MS} />
      {results.length === 0 && <p className="reserve-muted">{kind === 'active' ? 'You have no upcoming reservations.' : 'You have no past reservations.'}</p>}
      <ul className="reservations-list">
        {results.map((reservation) => (
          <li key={reservation.reservationId} className="reserve-card reservations-list__item">
            <Link to="/my-account/reservations/$reservationId" params={{ reservationId: String(reservation.reservationId) }}>
              {reservation.location.address1} · {reservation.confirmationNumber}
            </Link>
            <span>{when(reservation)}</span>
            <span>{formatPrice(reservation.total)} · {statusText(reservation)}</span>
            {ticketNumber && kind === 'active' && reservation.isNotClaimed && (
              <Link className="button" to="/leavefast/ticket/$ticketNumber/redeem/$reservationNumber" params={{ ticketNumber, reservationNumber: reservation.confirmationNumber }}>
                Apply to ticket {ticketNumber}
              </Link>
            )}
          </li>
        ))}
      </ul>
      <Pagination page={page} total={totalElementCount} pageSize={PAGE_SIZE} onPage={setPage} label={`${heading} pages`} />
    </section>
  );
}

export function DailyReservations({ ticketNumber: typed }: { ticketNumber: string | undefined }) {
  // A ticket number that is not one (spec 3's rules) is ignored: the plain list shows.
  const parsed = typed === undefined ? undefined : v.safeParse(ticketNumberSchema, typed);
  const ticketNumber = parsed?.success ? parsed.output : undefined;
  return (
    <div className="reservations-list">
      {ticketNumber && <p className="notice" role="status">Choose the reservation to apply to ticket {ticketNumber}.</p>}
      <ReservationPage kind="active" ticketNumber={ticketNumber} />
      {!ticketNumber && <ReservationPage kind="completed" ticketNumber={undefined} />}
    </div>
  );
}
