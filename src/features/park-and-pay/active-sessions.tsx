/**
 * Active sessions / digital tickets (spec 3 §2, §4): tickets and provisional passes, the first
 * ticket selected; with exactly one ticket and no passes it continues to that session at once.
 * Works offline from the persisted copy, marked "offline · last updated HH:MM", and after a
 * forced sign-out; a paid ticket says "Paid · exit by 11:59 PM".
 */
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate } from '@tanstack/react-router';
import type { GarageTicket } from '../../contract/parking-system';
import { newYorkTime } from '../../lib/new-york-time';
import { activeTickets, autoContinuePlate, formatEntry } from './flow-rules';
import { myPassesQueryOptions, myTicketsQueryOptions } from './garage-api';
import { PARK_TEXT } from './messages';
import { OfflineMarker } from '../../ui/offline-marker';
import { ParkAnotherLink } from './park-another-link';
import { ParkLayout } from './park-layout';
import { paidExitBy } from './saved-copy';
import { SignedOutNotice } from './signed-out-notice';

/** Digital Tickets refreshes when opened; a copy older than this is marked "updated h:mm". */
const TICKETS_REFRESH_MS = 60_000;

function PaidLine({ ticket }: { ticket: GarageTicket }) {
  const exitBy = paidExitBy(ticket, Date.now());
  return exitBy ? (
    <>
      <br />
      <strong className="park-tickets__paid">{PARK_TEXT.paidExitBy(newYorkTime(exitBy))}</strong>
    </>
  ) : null;
}

export function ActiveSessions() {
  const tickets = useQuery(myTicketsQueryOptions);
  const passes = useQuery(myPassesQueryOptions);
  const title = 'Digital Tickets';
  if (tickets.isPending) return <ParkLayout title={title}><p role="status">Loading...</p></ParkLayout>;
  const list = activeTickets(tickets.data ?? []);
  const passList = passes.data ?? [];
  // Auto-continue decides on fresh lists only (a refetch in flight may add or remove a ticket).
  const autoPlate = passes.isPending || tickets.isFetching || passes.isFetching ? undefined : autoContinuePlate(list, passList);
  if (autoPlate) return <Navigate to="/parkandpay/session" search={{ licensePlate: autoPlate }} replace />;
  return (
    <ParkLayout title={title}>
      <OfflineMarker updatedAt={tickets.dataUpdatedAt} failureReason={tickets.failureReason} refreshIntervalMs={TICKETS_REFRESH_MS} />
      <SignedOutNotice />
      {list.length === 0 && passList.length === 0 && <p>You have no active parking sessions.</p>}
      <ul className="park-tickets">
        {list.map((ticket, index) => (
          <li key={ticket.ticketNumber} className={index === 0 ? 'park-tickets__item park-tickets__item--selected' : 'park-tickets__item'}>
            <Link to="/parkandpay/session" search={{ licensePlate: ticket.vehicle.licensePlate ?? '' }}>
              <strong>{ticket.vehicle.licensePlate}</strong> · {ticket.address1}
              <br />
              <span>Ticket {ticket.ticketNumber} · entered {formatEntry(ticket.entryTimeUtc)}</span>
              <PaidLine ticket={ticket} />
            </Link>
          </li>
        ))}
        {passList.map((pass) => (
          <li key={pass.ticketNumber} className="park-tickets__item">
            <span>Provisional pass {pass.ticketNumber} · {pass.address1} · {formatEntry(pass.entryTimeUtc)}</span>{' '}
            <Link to="/parkandpay/convert" search={{ ticketNumber: pass.ticketNumber }} className="button button--secondary">Convert to ticket</Link>
          </li>
        ))}
      </ul>
      <ParkAnotherLink />
    </ParkLayout>
  );
}
