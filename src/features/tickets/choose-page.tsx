/**
 * "Retrieve, Pay, or Redeem" (route leavefast-decide, spec 3 §2, §4): the ticket is priced, then
 * the driver retrieves the car, pays the balance, or redeems a reservation by its number.
 * Without a ticket number it starts with the ticket entry.
 */
import { Link, useNavigate } from '@tanstack/react-router';
import { PayLink } from './pay-link';
import { useId, useState, type FormEvent } from 'react';
import { RESERVATION_NUMBER_PATTERN } from '../../contract/tickets';
import { TicketEntry } from './ticket-entry';
import { TicketLoadError, TicketLoading } from './ticket-load-state';
import { TICKET_TEXT } from './ticket-messages';
import { TicketSummary } from './ticket-summary';
import { useTicketSession } from './use-ticket-session';
import './tickets.css';

export function ChoosePage({ ticketNumber }: { ticketNumber: string | undefined }) {
  const navigate = useNavigate();
  if (!ticketNumber) {
    return (
      <TicketEntry
        title={TICKET_TEXT.chooseTitle}
        intro="Enter the number on your parking ticket or scan its QR code."
        scanHref="/leavefast/scan?type=choose"
        onTicket={(value) => void navigate({ to: '/leavefast/choose/{-$ticketNumber}', params: { ticketNumber: value } })}
      />
    );
  }
  return <ChooseForTicket ticketNumber={ticketNumber} />;
}

function ChooseForTicket({ ticketNumber }: { ticketNumber: string }) {
  const navigate = useNavigate();
  const ticket = useTicketSession(ticketNumber);
  const id = useId();
  const [reservation, setReservation] = useState('');
  const [reservationError, setReservationError] = useState<string>();

  const redeem = (event: FormEvent) => {
    event.preventDefault();
    const value = reservation.trim().toUpperCase();
    if (!RESERVATION_NUMBER_PATTERN.test(value)) return setReservationError('A reservation number is 4 to 24 letters, digits or hyphens.');
    void navigate({ to: '/leavefast/ticket/$ticketNumber/redeem/$reservationNumber', params: { ticketNumber, reservationNumber: value } });
  };

  return (
    <section className="ticket-page">
      <h1>{TICKET_TEXT.chooseTitle}</h1>
      {ticket.isPending && <TicketLoading />}
      {ticket.isError && <TicketLoadError error={ticket.error} onRetry={() => void ticket.refetch()} />}
      {ticket.data && (
        <>
          <TicketSummary ticket={ticket.data} />
          <div className="ticket-actions">
            <Link to="/retrieve-car/$ticketNumber" params={{ ticketNumber }} className="button">
              Retrieve My Car
            </Link>
            {ticket.data.amountDue > 0 && !ticket.data.isMonthlyTicket && (
              <PayLink ticketNumber={ticketNumber} label="Pay for Parking" />
            )}
          </div>
          {ticket.data.status === 'open' && !ticket.data.isMonthlyTicket && (
            <form className="ticket-form ticket-card" onSubmit={redeem} noValidate>
              <h2>Redeem a Reservation</h2>
              <label htmlFor={`${id}-reservation`}>Reservation number (ParkFair, SpotHero or ParkWhiz)</label>
              <div className="ticket-form__row">
                <input
                  id={`${id}-reservation`}
                  name="reservationNumber"
                  value={reservation}
                  maxLength={24}
                  autoComplete="off"
                  onChange={(event) => (setReservation(event.target.value), setReservationError(undefined))}
                />
                <button type="submit" className="button">
                  Redeem
                </button>
              </div>
              {reservationError && <p className="form-error">Error: {reservationError}</p>}
            </form>
          )}
        </>
      )}
    </section>
  );
}
