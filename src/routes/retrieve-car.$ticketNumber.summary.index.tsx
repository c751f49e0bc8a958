import { createFileRoute } from '@tanstack/react-router';
import { BadTicketPage } from '../features/tickets/bad-ticket';
import { RetrieveSummaryPage } from '../features/tickets/retrieve-page';
import { parseTicketParam } from '../features/tickets/ticket-params';
import { titledHead } from '../lib/head';

const TITLE = 'Retrieve Summary';

export const Route = createFileRoute('/retrieve-car/$ticketNumber/summary/')({
  head: titledHead(TITLE),
  component: function RetrieveSummary() {
    const ticketNumber = parseTicketParam(Route.useParams().ticketNumber);
    return ticketNumber ? <RetrieveSummaryPage ticketNumber={ticketNumber} /> : <BadTicketPage />;
  },
});
