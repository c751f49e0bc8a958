import { createFileRoute } from '@tanstack/react-router';
import { BadTicketPage } from '../features/tickets/bad-ticket';
import { RedeemPage } from '../features/tickets/redeem-page';
import { parseReservationParam, parseTicketParam } from '../features/tickets/ticket-params';
import { titledHead } from '../lib/head';

const TITLE = 'Redeem Reservation';

/** Route name leavefast-redeem (spec 3 §2). */
export const Route = createFileRoute('/leavefast/ticket/$ticketNumber/redeem/$reservationNumber')({
  head: titledHead(TITLE),
  component: function LeavefastRedeem() {
    const params = Route.useParams();
    const ticketNumber = parseTicketParam(params.ticketNumber);
    const reservationNumber = parseReservationParam(params.reservationNumber);
    return ticketNumber && reservationNumber ? <RedeemPage ticketNumber={ticketNumber} reservationNumber={reservationNumber} /> : <BadTicketPage />;
  },
});
