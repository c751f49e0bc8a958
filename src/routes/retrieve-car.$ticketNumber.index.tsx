import { createFileRoute } from '@tanstack/react-router';
import { BadTicketPage } from '../features/tickets/bad-ticket';
import { RetrieveDetailsPage } from '../features/tickets/retrieve-page';
import { parseTicketParam } from '../features/tickets/ticket-params';
import { titledHead } from '../lib/head';

const TITLE = 'Ticket Details';

export const Route = createFileRoute('/retrieve-car/$ticketNumber/')({
  head: titledHead(TITLE),
  component: function RetrieveDetails() {
    const ticketNumber = parseTicketParam(Route.useParams().ticketNumber);
    return ticketNumber ? <RetrieveDetailsPage ticketNumber={ticketNumber} /> : <BadTicketPage />;
  },
});
