import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../lib/head';
import { ComingSoon } from '../ui/coming-soon';

const TITLE = 'Redeem Reservation';

export const Route = createFileRoute('/leavefast/ticket/$ticketNumber/redeem/$reservationNumber')({
  head: ({ match }) => pageHead({ title: TITLE, path: match.pathname }),
  component: () => <ComingSoon title={TITLE} />,
});
