/**
 * The priced ticket (spec 3 §3 retrieve-car session): where, how long, what is owed, and for an
 * unpaid ticket the next price step ("$28.53 if you leave by 12:33 PM · then $38.01").
 */
import type { RetrieveCarSession } from '../../contract/tickets';
import { isPricedByBoard, useNextPriceStep } from '../../lib/use-next-price-step';
import { formatExitTime, isOverstayBalance } from './ticket-balance';
import { formatAmount, formatParkedTime } from './ticket-format';
import { TICKET_TEXT } from './ticket-messages';

/** The line under the amount due while the ticket is unpaid and the board prices it (lib/use-next-price-step.ts). */
function NextPriceStep({ ticket }: { ticket: RetrieveCarSession }) {
  const text = useNextPriceStep({
    locationId: ticket.locationId,
    entryTimeUtc: ticket.entryTimeUtc,
    minutes: ticket.minutes,
    charged: ticket.amount + ticket.serviceFeeAmount,
    isPricedByBoard: isPricedByBoard({ ...ticket, isMonthly: ticket.isMonthlyTicket }),
  });
  return text ? <p className="ticket-notice" data-testid="next-price-step">{text}</p> : null;
}

export function TicketSummary({ ticket }: { ticket: RetrieveCarSession }) {
  return (
    <section className="ticket-card" aria-label="Ticket summary">
      <h2>{ticket.address1}</h2>
      {ticket.crossStreet && <p>{ticket.crossStreet}</p>}
      <dl className="ticket-lines">
        <dt>Ticket number</dt>
        <dd data-testid="ticket-number">{ticket.ticketNumber}</dd>
        <dt>Time parked</dt>
        <dd>{formatParkedTime(ticket.minutes)}</dd>
        {!ticket.isMonthlyTicket && (
          <>
            <dt>{ticket.isMinimumCharge ? TICKET_TEXT.minimumRate : 'Parking'}</dt>
            <dd data-testid="parking-amount">${formatAmount(ticket.amount)}</dd>
            <dt>Service fee</dt>
            <dd>${formatAmount(ticket.serviceFeeAmount)}</dd>
            {ticket.appliedPromotionCode && (
              <>
                <dt>Coupon</dt>
                <dd>{ticket.appliedPromotionCode}</dd>
              </>
            )}
            {ticket.amountPaid > 0 && (
              <>
                <dt>Paid</dt>
                <dd>${formatAmount(ticket.amountPaid)}</dd>
              </>
            )}
            <dt className="ticket-lines__total">Amount due</dt>
            <dd className="ticket-lines__total" data-testid="amount-due">
              ${formatAmount(ticket.amountDue)}
            </dd>
          </>
        )}
      </dl>
      <NextPriceStep ticket={ticket} />
      {ticket.isMonthlyTicket && <p className="ticket-notice">{TICKET_TEXT.monthlyTicket}</p>}
      {ticket.isFullyCoveredByCoupon && <p className="ticket-notice">{TICKET_TEXT.fullyCovered}</p>}
      {ticket.status !== 'open' && ticket.amountDue === 0 && !ticket.isFullyCoveredByCoupon && <p className="ticket-notice">{TICKET_TEXT.paidInFull}</p>}
      {ticket.exitBy && ticket.amountDue === 0 && <p className="ticket-notice">{TICKET_TEXT.exitBy(formatExitTime(ticket.exitBy))}</p>}
      {isOverstayBalance(ticket) && (
        <p className="ticket-notice ticket-notice--warning" data-testid="overstay-notice">
          {TICKET_TEXT.overstay(formatAmount(ticket.amountDue))}
        </p>
      )}
      {ticket.isCarCalled && <p className="ticket-notice">{TICKET_TEXT.carCalled}</p>}
    </section>
  );
}
