import { createFileRoute } from '@tanstack/react-router';
import { ActiveSessions } from '../../features/park-and-pay/active-sessions';
import { titledHead } from '../../lib/head';

const TITLE = 'Digital Tickets';

export const Route = createFileRoute('/_authenticated/parkandpay/digital-tickets')({
  head: titledHead(TITLE),
  component: ActiveSessions,
});
