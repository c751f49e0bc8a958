import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { TicketEntry } from '../features/tickets/ticket-entry';
import { titledHead } from '../lib/head';

const TITLE = 'Pay for Parking';

function PayForParkingEntry() {
  const navigate = useNavigate();
  return (
    <TicketEntry
      title={TITLE}
      intro="Enter the number on your parking ticket or scan its QR code to pay before you leave."
      scanHref="/leavefast/scan?type=pay-for-parking"
      onTicket={(ticketNumber) => void navigate({ to: '/pay-for-parking/$ticketNumber', params: { ticketNumber } })}
    />
  );
}

export const Route = createFileRoute('/pay-for-parking/')({
  head: titledHead(TITLE),
  component: PayForParkingEntry,
});
