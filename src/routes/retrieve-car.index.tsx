import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { TicketEntry } from '../features/tickets/ticket-entry';
import { titledHead } from '../lib/head';

const TITLE = 'Retrieve Vehicle';

function RetrieveCarEntry() {
  const navigate = useNavigate();
  return (
    <TicketEntry
      title={TITLE}
      intro="Enter the number on your parking ticket or scan its QR code to request your car."
      scanHref="/retrieve-car/scan"
      onTicket={(ticketNumber) => void navigate({ to: '/retrieve-car/$ticketNumber', params: { ticketNumber } })}
    />
  );
}

export const Route = createFileRoute('/retrieve-car/')({
  head: titledHead(TITLE),
  component: RetrieveCarEntry,
});
