import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { parseTicketParam } from '../features/tickets/ticket-params';
import { GuestPayPage } from '../features/tickets/guest-pay-page';
import { useIsGuest } from '../features/tickets/pay-link';
import { TicketEntry } from '../features/tickets/ticket-entry';
import { titledHead } from '../lib/head';

const TITLE = 'Pay for Parking';

/** `?ticket=<number>`: the ticket a signed-out driver pays as a guest (features/tickets/guest-pay-page.tsx). */
type PayForParkingSearch = { ticket?: string };

function PayForParkingEntry() {
  const navigate = useNavigate();
  const guestTicket = parseTicketParam(Route.useSearch().ticket ?? '');
  const isSignedOut = useIsGuest();
  if (guestTicket && isSignedOut) return <GuestPayPage ticketNumber={guestTicket} title={TITLE} />;
  return (
    <TicketEntry
      title={TITLE}
      intro="Enter the number on your parking ticket or scan its QR code to pay before you leave."
      scanHref="/leavefast/scan?type=pay-for-parking"
      onTicket={(ticketNumber) =>
        // Signed out: pay as a guest here, with signing in offered alongside; signed in: the review.
        void (isSignedOut ? navigate({ to: '/pay-for-parking', search: { ticket: ticketNumber } }) : navigate({ to: '/pay-for-parking/$ticketNumber', params: { ticketNumber } }))
      }
    />
  );
}

export const Route = createFileRoute('/pay-for-parking/')({
  validateSearch: (search: Record<string, unknown>): PayForParkingSearch => (typeof search['ticket'] === 'string' ? { ticket: search['ticket'] } : {}),
  head: titledHead(TITLE),
  component: PayForParkingEntry,
});
