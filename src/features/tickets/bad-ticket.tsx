/** A ticket URL that does not hold a ticket number: the invalid-QR text and the way back. */
import { Link } from '@tanstack/react-router';
import { TICKET_MESSAGES } from '../../contract/tickets';
import './tickets.css';

export function BadTicketPage() {
  return (
    <section className="ticket-page">
      <h1>{TICKET_MESSAGES.invalidQrTitle}</h1>
      <p role="alert">{TICKET_MESSAGES.invalidQrText}</p>
      <Link to="/leavefast" className="button">
        Enter Ticket Number
      </Link>
    </section>
  );
}
