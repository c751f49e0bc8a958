import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { readReservationNumber } from '../features/qr-scan/scan-search';
import { TicketEntry } from '../features/tickets/ticket-entry';
import { titledHead } from '../lib/head';

const TITLE = 'Redeem Reservation';

/**
 * `?reservationNumber=` (from a reservation or the scanner's Back) sends the ticket straight to
 * redeem. Parsed as the scanner parses it (same rule as the tickets contract): a route's search
 * reader is in the entry chunk, and importing the contract here put all of it there.
 */
const parseSearch = (search: Record<string, unknown>): { reservationNumber?: string } => ({ reservationNumber: readReservationNumber(search['reservationNumber']) });

export const Route = createFileRoute('/leavefast/')({
  head: titledHead(TITLE),
  validateSearch: parseSearch,
  component: function LeavefastEntry() {
    const navigate = useNavigate();
    const { reservationNumber } = Route.useSearch();
    const scanHref = reservationNumber ? `/leavefast/scan?type=redeem-commit&reservationNumber=${encodeURIComponent(reservationNumber)}` : '/leavefast/scan?type=choose';
    return (
      <TicketEntry
        title={TITLE}
        intro={
          reservationNumber
            ? `Enter or scan your parking ticket to apply reservation ${reservationNumber}.`
            : 'Enter the number on your parking ticket or scan its QR code to retrieve your car, pay, or redeem a reservation.'
        }
        scanHref={scanHref}
        onTicket={(ticketNumber) =>
          void (reservationNumber
            ? navigate({ to: '/leavefast/ticket/$ticketNumber/redeem/$reservationNumber', params: { ticketNumber, reservationNumber } })
            : navigate({ to: '/leavefast/choose/{-$ticketNumber}', params: { ticketNumber } }))
        }
      />
    );
  },
});
