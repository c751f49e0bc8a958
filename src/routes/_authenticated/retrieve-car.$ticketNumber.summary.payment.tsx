import { createFileRoute } from '@tanstack/react-router';
import { BadTicketPage } from '../../features/tickets/bad-ticket';
import { PayReviewPage } from '../../features/tickets/pay-review-page';
import { parseTicketParam } from '../../features/tickets/ticket-params';
import { titledHead } from '../../lib/head';

const TITLE = 'Pay Balance';

export const Route = createFileRoute('/_authenticated/retrieve-car/$ticketNumber/summary/payment')({
  head: titledHead(TITLE),
  component: function RetrievePayment() {
    const ticketNumber = parseTicketParam(Route.useParams().ticketNumber);
    return ticketNumber ? <PayReviewPage ticketNumber={ticketNumber} title={TITLE} /> : <BadTicketPage />;
  },
});
