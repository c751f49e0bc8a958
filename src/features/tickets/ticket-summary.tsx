/** The priced ticket (spec 3 §3 retrieve-car session): where, how long, what is owed. */
import type { RetrieveCarSession } from '../../contract/tickets';
import { formatExitTime, isOverstayBalance } from './ticket-balance';
import { formatAmount, formatParkedTime } from './ticket-format';
import { TICKET_TEXT } from './ticket-messages';

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
