/**
 * Aggregator reservation lookup (a real lookup of ParkFair, SpotHero and ParkWhiz numbers; the
 * original's find-reservation returned hard-coded sample data) and applying it to the new ticket.
 */
import { aggregatorReservationSchema, retrieveCarSessionSchema, type Aggregator } from '../../contract/tickets';
import { apiFetch } from '../../lib/api-client';

export function lookupReservation(provider: Aggregator, reservationNumber: string) {
  return apiFetch(`/tickets/api/aggregator-reservations/${encodeURIComponent(provider)}/${encodeURIComponent(reservationNumber)}`, { schema: aggregatorReservationSchema });
}

export function applyReservationToTicket(ticketNumber: string, ticketId: number, reservationNumber: string) {
  return apiFetch(`/tickets/api/tickets/${encodeURIComponent(ticketNumber)}/apply-aggregator-payment/auth`, {
    method: 'POST',
    json: { ticketId, reservationNumber },
    schema: retrieveCarSessionSchema,
  });
}
