import { createFileRoute } from '@tanstack/react-router';
import { BadTicketPage } from '../../features/tickets/bad-ticket';
import { PayReviewPage } from '../../features/tickets/pay-review-page';
import { parseTicketParam } from '../../features/tickets/ticket-params';
import { titledHead } from '../../lib/head';

const TITLE = 'Review Payment';

/** Route name pay-for-parking-review (spec 3 §2). */
export const Route = createFileRoute('/_authenticated/pay-for-parking/$ticketNumber/')({
  head: titledHead(TITLE),
  component: function PayForParkingReview() {
    const ticketNumber = parseTicketParam(Route.useParams().ticketNumber);
    return ticketNumber ? <PayReviewPage ticketNumber={ticketNumber} title={TITLE} /> : <BadTicketPage />;
  },
});
