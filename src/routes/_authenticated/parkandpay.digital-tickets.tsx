import { createFileRoute } from '@tanstack/react-router';
import { ActiveSessions } from '../../features/park-and-pay/active-sessions';
import { pageHead } from '../../lib/head';

const TITLE = 'Digital Tickets';

export const Route = createFileRoute('/_authenticated/parkandpay/digital-tickets')({
  head: ({ match }) => pageHead({ title: TITLE, path: match.pathname }),
  component: ActiveSessions,
});
