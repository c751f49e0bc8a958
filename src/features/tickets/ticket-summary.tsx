/**
 * The priced ticket (spec 3 §3 retrieve-car session): where, how long, what is owed, and for an
 * unpaid ticket the next price step ("$28.53 if you leave by 12:33 PM · then $38.01").
 */
import { useEffect, useState } from 'react';
import type { RetrieveCarSession } from '../../contract/tickets';
import { isPricedByBoard, useNextPriceStep } from '../../lib/use-next-price-step';
import { formatExitTime, isOverstayBalance } from './ticket-balance';
import { formatAmount, formatParkedTime } from './ticket-format';
import { TICKET_TEXT } from './ticket-messages';
import { ticketLines } from '../../contract/priced-lines-quotes';
import { PricedLinesList } from '../../ui/priced-lines-list';

const formatTicketCents = (cents: number): string => `${cents < 0 ? '−' : ''}$${formatAmount(Math.abs(cents) / 100)}`;

/** The line under the amount due while the ticket is unpaid and the board prices it (lib/use-next-price-step.ts). */
function NextPriceStep({ ticket }: { ticket: RetrieveCarSession }) {
  const text = useNextPriceStep({
    locationId: ticket.locationId,
    entryTimeUtc: ticket.entryTimeUtc,
    minutes: ticket.minutes,
    charged: ticket.amount + ticket.serviceFeeAmount,
    due: ticket.amountDue,
    isPricedByBoard: isPricedByBoard({ ...ticket, isMonthly: ticket.isMonthlyTicket }),
  });
  return text ? <p className="ticket-notice" data-testid="next-price-step">{text}</p> : null;
}

/** Ours (the spec has no text for it): a paid copy read after its exit-by time (issue 38). */
export const GRACE_ENDED_TEXT = (time: string) => `Your grace period after payment ended at ${time}. More may be due for the extra time: pay the balance before you exit.`;

/** Whether the exit-by time has passed on the device clock, looked at again when it does. */
function useIsPast(iso: string | null): boolean {
  const at = iso ? Date.parse(iso) : Number.NaN;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!Number.isFinite(at) || at < now) return undefined;
    const timer = setTimeout(() => setNow(Date.now()), at - now + 1000);
    return () => clearTimeout(timer);
  }, [at, now]);
  return Number.isFinite(at) && now > at;
}

export function TicketSummary({ ticket }: { ticket: RetrieveCarSession }) {
  const isGraceOver = useIsPast(ticket.amountDue === 0 ? ticket.exitBy : null);
  return (
    <section className="ticket-card" aria-label="Ticket summary">
      <h2>{ticket.address1}</h2>
      {ticket.crossStreet && <p>{ticket.crossStreet}</p>}
      <dl className="ticket-lines">
        <dt>Ticket number</dt>
        <dd data-testid="ticket-number">{ticket.ticketNumber}</dd>
        <dt>Time parked</dt>
        <dd>{formatParkedTime(ticket.minutes)}</dd>
      </dl>
      {!ticket.isMonthlyTicket && (
        <>
          {/* Decision 0110: parking, fee, a reservation's credit and what was paid, adding up to the amount due. */}
          <PricedLinesList priced={ticketLines(ticket, { parking: ticket.isMinimumCharge ? TICKET_TEXT.minimumRate : 'Parking' })} totalLabel="Amount due" className="ticket-lines" totalTestId="amount-due" format={formatTicketCents} />
          {ticket.appliedPromotionCode && <p className="ticket-notice">Coupon {ticket.appliedPromotionCode} applied</p>}
        </>
      )}
      <NextPriceStep ticket={ticket} />
      {ticket.isMonthlyTicket && <p className="ticket-notice">{TICKET_TEXT.monthlyTicket}</p>}
      {ticket.isFullyCoveredByCoupon && <p className="ticket-notice">{TICKET_TEXT.fullyCovered}</p>}
      {ticket.status !== 'open' && ticket.amountDue === 0 && !ticket.isFullyCoveredByCoupon && !isGraceOver && <p className="ticket-notice">{TICKET_TEXT.paidInFull}</p>}
      {ticket.exitBy && ticket.amountDue === 0 && !isGraceOver && <p className="ticket-notice">{TICKET_TEXT.exitBy(formatExitTime(ticket.exitBy))}</p>}
      {ticket.exitBy && ticket.amountDue === 0 && isGraceOver && (
        <p className="ticket-notice ticket-notice--warning" data-testid="grace-ended">{GRACE_ENDED_TEXT(formatExitTime(ticket.exitBy))}</p>
      )}
      {isOverstayBalance(ticket) && (
        <p className="ticket-notice ticket-notice--warning" data-testid="overstay-notice">
          {TICKET_TEXT.overstay(formatAmount(ticket.amountDue))}
        </p>
      )}
      {ticket.isCarCalled && <p className="ticket-notice">{TICKET_TEXT.carCalled}</p>}
    </section>
  );
}
