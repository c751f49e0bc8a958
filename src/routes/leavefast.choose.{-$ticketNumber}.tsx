import { createFileRoute } from '@tanstack/react-router';
import { BadTicketPage } from '../features/tickets/bad-ticket';
import { ChoosePage } from '../features/tickets/choose-page';
import { parseTicketParam } from '../features/tickets/ticket-params';
import { titledHead } from '../lib/head';

const TITLE = 'Retrieve, Pay, or Redeem';

/** Route name leavefast-decide; /app/{ticketNumber?} redirects here (spec 3 §2). */
export const Route = createFileRoute('/leavefast/choose/{-$ticketNumber}')({
  head: titledHead(TITLE),
  component: function LeavefastChoose() {
    const { ticketNumber: raw } = Route.useParams();
    if (raw === undefined || raw === '') return <ChoosePage ticketNumber={undefined} />;
    const ticketNumber = parseTicketParam(raw);
    return ticketNumber ? <ChoosePage ticketNumber={ticketNumber} /> : <BadTicketPage />;
  },
});
