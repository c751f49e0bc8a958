/** Loading and failed states of a ticket screen: the failure is the spec's alert text, inline. */
import { Link } from '@tanstack/react-router';
import { ticketAlertFor } from './ticket-alert';

export function TicketLoading() {
  return (
    <p role="status" className="ticket-card">
      Loading your ticket…
    </p>
  );
}

export function TicketLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const alert = ticketAlertFor(error);
  return (
    <section className="ticket-card" role="alert">
      <h2>{alert.title}</h2>
      <p>{alert.message}</p>
      <div className="ticket-actions">
        <button type="button" className="button" onClick={onRetry}>
          Try Again
        </button>
        <Link to="/leavefast" className="button button--secondary">
          Enter Another Ticket
        </Link>
      </div>
    </section>
  );
}
