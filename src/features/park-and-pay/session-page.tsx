/**
 * The parking session (spec 3 §2 "Session"): HH:MM timer seeded from the rate's minutes and
 * ticking every second, entry date and time, current charges (blurred $0.00 until loaded, "Total
 * cost to be determined at exit"), Show Exit Pass (QR drawn on the device, from IndexedDB when
 * offline), the location map with its pin and directions (session-map.tsx, lazy: the session
 * never waits for it), Scan Discount (scan-discount.tsx), Retrieve Vehicle, Pay Balance and Get
 * Help. No ticket for the plate → active sessions.
 */
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { GarageTicket } from '../../contract/parking-system';
import { formatAmount } from '../../lib/card-validation';
import type { RetrieveCarSession } from '../../contract/tickets';
import { HrefLink } from '../../ui/href-link';
import { ExitPass } from './exit-pass';
import { elapsedSeconds, formatEntry, formatTimer, ticketForPlate } from './flow-rules';
import { myTicketsQueryOptions } from './garage-api';
import { parkLocationsQueryOptions } from './locations-api';
import { PARK_TEXT } from './messages';
import { OfflineMarker } from './offline-marker';
import { ParkLayout } from './park-layout';
import { SessionLocation } from './session-map';
import { useExitPass } from './use-exit-pass';

/**
 * The Scan Discount panel (camera, code input, promotions API) loads when it is opened: its
 * chunks are not fetched and compiled in front of the exit pass on a cold start at the gate.
 * The worker precaches them, so it opens offline too.
 */
const ScanDiscountPanel = lazy(() => import('./scan-discount').then((module) => ({ default: module.ScanDiscountPanel })));

/** The confirmation shown under the charges once a discount is on the ticket. */
function DiscountNote({ session }: { session: RetrieveCarSession }) {
  return (
    <p className="notice" role="status">
      {PARK_TEXT.discountApplied(session.appliedPromotionCode ?? '')}
      {session.isFullyCoveredByCoupon && ` ${PARK_TEXT.discountCoversAll}`}
    </p>
  );
}

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

function Timer({ ticket, fetchedAt }: { ticket: GarageTicket; fetchedAt: number }) {
  const now = useNow(1000);
  return (
    <p className="park-session__timer" aria-label="Time parked" role="timer">
      {formatTimer(elapsedSeconds(ticket.minutes, fetchedAt, now))}
    </p>
  );
}

/** The map and directions for the ticket's garage, once the (persisted) locations list has it. */
function TicketLocation({ locationId }: { locationId: number }) {
  const locations = useQuery(parkLocationsQueryOptions);
  const location = locations.data?.find((item) => item.locationId === locationId);
  return location ? <SessionLocation location={location} /> : null;
}

export function SessionPage({ licensePlate, isPassShownFirst = false }: { licensePlate: string; isPassShownFirst?: boolean }) {
  const tickets = useQuery({ ...myTicketsQueryOptions, refetchInterval: 60_000 });
  const ticket = ticketForPlate(tickets.data ?? [], licensePlate);
  const { pass, isReading } = useExitPass(licensePlate, ticket, tickets.dataUpdatedAt);
  const [isPassOpen, setIsPassOpen] = useState(isPassShownFirst);
  const [isDiscountOpen, setIsDiscountOpen] = useState(false);
  const [discounted, setDiscounted] = useState<RetrieveCarSession>();
  if ((tickets.isPending || isReading) && !pass) return <ParkLayout title="Parking Session"><p role="status">Loading...</p></ParkLayout>;
  if (!ticket && !pass) {
    if (tickets.isError) return <ParkLayout title="Parking Session"><p role="alert">{PARK_TEXT.networkText}</p></ParkLayout>;
    return <Navigate to="/parkandpay/digital-tickets" replace />;
  }
  const ticketNumber = ticket?.ticketNumber ?? pass?.ticketNumber ?? '';
  const total = ticket ? ticket.amount + ticket.serviceFeeAmount : 0;
  return (
    <ParkLayout title="Parking Session">
      <OfflineMarker updatedAt={tickets.dataUpdatedAt || pass?.savedAt || 0} isStale={tickets.isError || !ticket} />
      <div className="park-session">
        <p className="park-session__plate">{licensePlate.toUpperCase()}</p>
        {ticket && <Timer ticket={ticket} fetchedAt={tickets.dataUpdatedAt} />}
        <dl className="park-session__facts">
          <dt>Location</dt>
          <dd>{ticket?.address1 ?? pass?.address}</dd>
          <dt>Entry</dt>
          <dd>{ticket ? formatEntry(ticket.entryTimeUtc) : pass?.entryLocalTime}</dd>
          <dt>Ticket</dt>
          <dd>{ticketNumber}</dd>
          <dt>Current charges</dt>
          <dd className={ticket ? 'park-session__amount' : 'park-session__amount park-session__amount--loading'} aria-busy={!ticket} data-testid="current-charges">
            ${formatAmount(total)}
          </dd>
        </dl>
        {discounted && <DiscountNote session={discounted} />}
        <p className="park-session__note">{PARK_TEXT.costAtExit}</p>
        <button type="button" className="button" onClick={() => setIsPassOpen((open) => !open)} aria-expanded={isPassOpen}>
          {isPassOpen ? 'Hide Exit Pass' : 'Show Exit Pass'}
        </button>
        {isPassOpen && pass && <ExitPass pass={pass} />}
        <nav className="park-session__actions" aria-label="Session actions">
          <HrefLink href={`/retrieve-car/${encodeURIComponent(ticketNumber)}?flow=parkandpay`} className="button button--secondary">Retrieve Vehicle</HrefLink>
          <HrefLink href={`/pay-for-parking/${encodeURIComponent(ticketNumber)}?flow=parkandpay`} className="button button--secondary">Pay Balance</HrefLink>
          {ticket && (
            <button type="button" className="button button--secondary" aria-expanded={isDiscountOpen} onClick={() => setIsDiscountOpen((open) => !open)}>
              Scan Discount
            </button>
          )}
          <Link to="/contact-us" className="button button--secondary">Get Help</Link>
        </nav>
        {isDiscountOpen && ticket && (
          <Suspense fallback={<p role="status">Loading...</p>}>
            <ScanDiscountPanel
              ticketNumber={ticket.ticketNumber}
              onApplied={(session) => (setDiscounted(session), setIsDiscountOpen(false))}
              onClose={() => setIsDiscountOpen(false)}
            />
          </Suspense>
        )}
        {ticket && <TicketLocation locationId={ticket.locationId} />}
      </div>
    </ParkLayout>
  );
}
