/**
 * Payment confirmation (anonymous route): the ticket as priced after payment. A ticket the visitor
 * can no longer read (signed out after paying) still gets the thank-you with its number.
 */
import { Link } from '@tanstack/react-router';
import { formatAmount } from './ticket-format';
import { TICKET_TEXT } from './ticket-messages';
import { TicketSummary } from './ticket-summary';
import { useTicketSession } from './use-ticket-session';
import './tickets.css';

export function ConfirmationPage({ ticketNumber }: { ticketNumber: string }) {
  const ticket = useTicketSession(ticketNumber);
  const data = ticket.data;
  const isSettled = data ? data.amountDue === 0 : false;
  return (
    <section className="ticket-page">
      <h1>{isSettled || !data ? 'Thank You!' : 'Payment Pending'}</h1>
      {data && isSettled && (
        <p className="ticket-notice" role="status">
          {data.amountPaid > 0 ? `Your payment of $${formatAmount(data.amountPaid)} was received. ` : ''}
          {TICKET_TEXT.paidInFull}
        </p>
      )}
      {data && !isSettled && <p className="ticket-notice ticket-notice--warning">A balance of ${formatAmount(data.amountDue)} is still due on this ticket.</p>}
      {!data && !ticket.isPending && <p>Ticket {ticketNumber}: your payment was received.</p>}
      {data && <TicketSummary ticket={data} />}
      <div className="ticket-actions">
        <Link to="/retrieve-car/$ticketNumber" params={{ ticketNumber }} className="button">
          Retrieve My Car
        </Link>
        <Link to="/" className="button button--secondary">
          Back to Home
        </Link>
      </div>
    </section>
  );
}
