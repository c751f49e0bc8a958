import { createFileRoute } from '@tanstack/react-router';
import { BadTicketPage } from '../features/tickets/bad-ticket';
import { ConfirmationPage } from '../features/tickets/confirmation-page';
import { parseTicketParam } from '../features/tickets/ticket-params';
import { titledHead } from '../lib/head';

const TITLE = 'Payment Confirmation';

export const Route = createFileRoute('/pay-for-parking/$ticketNumber/confirmation')({
  head: titledHead(TITLE),
  component: function PaymentConfirmation() {
    const ticketNumber = parseTicketParam(Route.useParams().ticketNumber);
    return ticketNumber ? <ConfirmationPage ticketNumber={ticketNumber} /> : <BadTicketPage />;
  },
});
