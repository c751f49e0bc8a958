/**
 * The parking session (spec 3 §2 "Session"): HH:MM timer seeded from the rate's minutes and
 * ticking every second (labelled h:mm), entry date and time, current charges (blurred $0.00 only
 * while a first load is on its way, "Total cost to be determined at exit", or "Paid · exit by
 * 11:59 PM" for a paid ticket, whose Pay Balance then waits until that time passes or charges
 * grow; after it, that the grace period ended and more may be due, grace-ended.ts), Show Exit Pass (QR drawn on the device, from IndexedDB when
 * offline), the location map with its pin and directions (session-map.tsx, lazy: the session
 * never waits for it), Scan Discount (scan-discount.tsx), Retrieve Vehicle, Pay Balance and Get
 * Help. No ticket for the plate → active sessions.
 *
 * Everything above the exit pass renders from the device's saved copy on the first frame (the
 * persisted tickets query, else the pass kept in IndexedDB): the marker line says how old it is,
 * and a forced sign-out leaves it readable (signed-out-notice.tsx).
 */
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { Link, Navigate } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { GarageTicket } from '../../contract/parking-system';
import { formatAmount } from '../../lib/card-validation';
import type { RetrieveCarSession } from '../../contract/tickets';
import { newYorkTime } from '../../lib/new-york-time';
import { rateBoardQueryOptions } from '../../lib/rate-board-api';
import { isPricedByBoard } from '../../lib/use-next-price-step';
import { HrefLink } from '../../ui/href-link';
import { ExitPass } from './exit-pass';
import { elapsedSeconds, formatEntry, formatTimer, ticketForPlate } from './flow-rules';
import { myTicketsQueryOptions } from './garage-api';
import { NextPriceStepLine } from './next-price-step-line';
import { parkLocationsQueryOptions } from './locations-api';
import { PARK_TEXT } from './messages';
import { OfflineMarker } from '../../ui/offline-marker';
import { ParkAnotherLink } from './park-another-link';
import { ParkLayout } from './park-layout';
import { extraDueCents, GRACE_TEXT, graceEndedAt, isOverstayed } from './grace-ended';
import { formatLocalEntry, instantOfNewYorkLocal, paidExitBy } from './saved-copy';
import { SessionLocation } from './session-map';
import { SignedOutNotice } from './signed-out-notice';
import { useExitPass } from './use-exit-pass';

/** The session refreshes its ticket this often (charges grow as time passes). */
const TICKET_REFRESH_MS = 60_000;

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

/**
 * HH:MM as the spec has it, with its unit on screen ("00:15 h:mm" could otherwise read as a
 * quarter past midnight or fifteen seconds). Seeded from the ticket's minutes when it was
 * fetched, or from the saved pass's entry time when only the pass is on the device.
 */
function Timer({ minutesAtFetch, fetchedAt }: { minutesAtFetch: number; fetchedAt: number }) {
  const now = useNow(1000);
  const seconds = elapsedSeconds(minutesAtFetch, fetchedAt, now);
  const minutes = Math.floor(seconds / 60);
  return (
    <p className="park-session__timer" role="timer" aria-label={`Time parked: ${Math.floor(minutes / 60)} hours ${minutes % 60} minutes`} data-testid="session-timer">
      {formatTimer(seconds)}
      <span className="park-session__timer-unit" aria-hidden="true">h:mm</span>
    </p>
  );
}

/**
 * What the timer counts from: the ticket's minutes when it was fetched (the spec's seed); from the
 * entry time for a paid ticket (its minutes stop at the payment, as its price does) or when only
 * the saved pass is on the device.
 */
function timerSeed(ticket: GarageTicket | undefined, fetchedAt: number, passEntry: number | undefined): { minutesAtFetch: number; fetchedAt: number } | undefined {
  if (ticket && ticket.amountPaid === 0) return { minutesAtFetch: ticket.minutes, fetchedAt };
  if (ticket) return { minutesAtFetch: 0, fetchedAt: Date.parse(ticket.entryTimeUtc) };
  return passEntry === undefined ? undefined : { minutesAtFetch: 0, fetchedAt: passEntry };
}

/**
 * "Paid · exit by 11:59 PM" while a paid ticket may leave; once that time passes, that the grace
 * period ended and more may be due (with the saved board's estimate), also on a saved copy that
 * still says "paid" (issue 38); else the spec's note. Re-read every second, so it holds offline.
 */
function ChargesNote({ ticket }: { ticket: GarageTicket | undefined }) {
  const now = useNow(1000);
  const exitBy = ticket && paidExitBy(ticket, now);
  const endedAt = ticket && graceEndedAt(ticket, now);
  if (exitBy) return <p className="park-session__note park-session__paid" data-testid="paid-exit-by">{PARK_TEXT.paidExitBy(newYorkTime(exitBy))}</p>;
  if (ticket && endedAt) return <GraceEndedNote ticket={ticket} endedAt={endedAt} now={now} />;
  if (ticket && isOverstayed(ticket)) return <p className="notice notice--alert park-session__note" role="status" data-testid="grace-ended">{GRACE_TEXT.overstay(formatAmount(ticket.amountDue))}</p>;
  return <p className="park-session__note">{PARK_TEXT.costAtExit}</p>;
}

/** The grace period is over on the device clock: the saved board (if kept) says about how much more. */
function GraceEndedNote({ ticket, endedAt, now }: { ticket: GarageTicket; endedAt: number; now: number }) {
  const board = useQuery(rateBoardQueryOptions(ticket.locationId));
  const extra = board.data?.pricing && extraDueCents(board.data.pricing, ticket, now);
  return (
    <p className="notice notice--alert park-session__note" role="status" data-testid="grace-ended">
      {GRACE_TEXT.ended(newYorkTime(endedAt))}
      {extra ? ` ${GRACE_TEXT.estimate(extra)}` : ''}
    </p>
  );
}

/**
 * Online, the ticket is fetched again just after its exit-by time, when the garage prices it again
 * (the regular refresh could leave the old "paid" copy up for another minute).
 */
function useRefetchAtExitBy(ticket: GarageTicket | undefined, refetch: () => unknown): void {
  const exitBy = ticket?.exitByUtc && ticket.amountPaid > 0 ? Date.parse(ticket.exitByUtc) : Number.NaN;
  useEffect(() => {
    if (!Number.isFinite(exitBy) || exitBy < Date.now()) return undefined;
    const timer = setTimeout(() => void refetch(), exitBy - Date.now() + 1000);
    return () => clearTimeout(timer);
  }, [exitBy, refetch]);
}

/** Pay Balance, hidden while a paid ticket may still leave without paying more. */
function PayBalanceLink({ ticket, ticketNumber }: { ticket: GarageTicket | undefined; ticketNumber: string }) {
  const now = useNow(1000);
  if (ticket && paidExitBy(ticket, now)) return null;
  return <HrefLink href={`/pay-for-parking/${encodeURIComponent(ticketNumber)}?flow=parkandpay`} className="button button--secondary">Pay Balance</HrefLink>;
}

/** The map and directions for the ticket's garage, once the (persisted) locations list has it. */
function TicketLocation({ locationId }: { locationId: number }) {
  const locations = useQuery(parkLocationsQueryOptions);
  const location = locations.data?.find((item) => item.locationId === locationId);
  return location ? <SessionLocation location={location} /> : null;
}

/**
 * Server rendering (routes/_authenticated/parkandpay.session.tsx): the caller's tickets, then the
 * rate board of the plate's garage, and the garages list for its address, so the first HTML has
 * everything the browser then draws from its saved copy: nothing appears below it later.
 */
export async function prefetchSession(queryClient: QueryClient, licensePlate: string): Promise<void> {
  const locations = queryClient.prefetchQuery(parkLocationsQueryOptions);
  const ticket = ticketForPlate(await queryClient.fetchQuery(myTicketsQueryOptions), licensePlate);
  if (ticket && isPricedByBoard(ticket)) await queryClient.prefetchQuery(rateBoardQueryOptions(ticket.locationId));
  await locations;
}

export function SessionPage({ licensePlate, isPassShownFirst = false }: { licensePlate: string; isPassShownFirst?: boolean }) {
  const tickets = useQuery({ ...myTicketsQueryOptions, refetchInterval: TICKET_REFRESH_MS });
  const ticket = ticketForPlate(tickets.data ?? [], licensePlate);
  useRefetchAtExitBy(ticket, tickets.refetch);
  const { pass, isReading } = useExitPass(licensePlate, ticket, tickets.dataUpdatedAt);
  const [isPassOpen, setIsPassOpen] = useState(isPassShownFirst);
  const [isDiscountOpen, setIsDiscountOpen] = useState(false);
  const [discounted, setDiscounted] = useState<RetrieveCarSession>();
  // A plate missing from a copy being refetched may be the car just activated (the copy predates
  // it): wait for the fresh list before sending the driver to Digital Tickets (issue 38).
  const isAwaitingFreshList = tickets.isFetching && !ticket;
  if ((tickets.isPending || isReading || isAwaitingFreshList) && !pass) return <ParkLayout title="Parking Session"><p role="status">Loading...</p></ParkLayout>;
  if (!ticket && !pass) {
    if (tickets.isError) return <ParkLayout title="Parking Session"><p role="alert">{PARK_TEXT.networkText}</p></ParkLayout>;
    return <Navigate to="/parkandpay/digital-tickets" replace />;
  }
  const ticketNumber = ticket?.ticketNumber ?? pass?.ticketNumber ?? '';
  const timer = timerSeed(ticket, tickets.dataUpdatedAt, pass && instantOfNewYorkLocal(pass.entryLocalTime));
  return (
    <ParkLayout title="Parking Session">
      <OfflineMarker updatedAt={tickets.dataUpdatedAt || pass?.savedAt || 0} failureReason={tickets.failureReason} refreshIntervalMs={TICKET_REFRESH_MS} />
      <div className="park-session">
        <p className="park-session__plate">{licensePlate.toUpperCase()}</p>
        {timer && <Timer minutesAtFetch={timer.minutesAtFetch} fetchedAt={timer.fetchedAt} />}
        <dl className="park-session__facts">
          <dt>Location</dt>
          <dd>{ticket?.address1 ?? pass?.address}</dd>
          <dt>Entry</dt>
          <dd data-testid="session-entry">{ticket ? formatEntry(ticket.entryTimeUtc) : pass && formatLocalEntry(pass.entryLocalTime)}</dd>
          <dt>Ticket</dt>
          <dd>{ticketNumber}</dd>
          <dt>Current charges</dt>
          <Charges ticket={ticket} isLoading={tickets.isLoading} />
        </dl>
        {discounted && <DiscountNote session={discounted} />}
        <ChargesNote ticket={ticket} />
        <button type="button" className="button" onClick={() => setIsPassOpen((open) => !open)} aria-expanded={isPassOpen}>
          {isPassOpen ? 'Hide Exit Pass' : 'Show Exit Pass'}
        </button>
        {isPassOpen && pass && <ExitPass pass={pass} />}
        {/* In the first frame, from the saved board: lazy, it painted last as the page's LCP element and moved the actions down. */}
        <NextPriceStepLine ticket={ticket} />
        {/* Beside the actions it concerns, below the pass button, which it must not push down when a 401 arrives. */}
        <SignedOutNotice />
        <nav className="park-session__actions" aria-label="Session actions">
          <HrefLink href={`/retrieve-car/${encodeURIComponent(ticketNumber)}?flow=parkandpay`} className="button button--secondary">Retrieve Vehicle</HrefLink>
          <PayBalanceLink ticket={ticket} ticketNumber={ticketNumber} />
          {ticket && (
            <button type="button" className="button button--secondary" aria-expanded={isDiscountOpen} onClick={() => setIsDiscountOpen((open) => !open)}>
              Scan Discount
            </button>
          )}
          <Link to="/$page" params={{ page: 'contact-us' }} className="button button--secondary">Get Help</Link>
          <ParkAnotherLink />
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

/**
 * The last known charges (ticket amount plus service fee) from the saved copy; the spec's blurred
 * $0.00 only while the first load is on its way, never for a copy that simply is not there.
 */
function Charges({ ticket, isLoading }: { ticket: GarageTicket | undefined; isLoading: boolean }) {
  if (ticket) return <dd className="park-session__amount" data-testid="current-charges">${formatAmount(ticket.amount + ticket.serviceFeeAmount)}</dd>;
  if (isLoading) return <dd className="park-session__amount park-session__amount--loading" aria-busy="true" data-testid="current-charges">$0.00</dd>;
  return <dd data-testid="current-charges">{PARK_TEXT.chargesNotSaved}</dd>;
}
