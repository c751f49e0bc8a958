import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../lib/head';
import { ComingSoon } from '../ui/coming-soon';

const TITLE = 'Payment Confirmation';

export const Route = createFileRoute('/pay-for-parking/$ticketNumber/confirmation')({
  head: ({ match }) => pageHead({ title: TITLE, path: match.pathname }),
  component: () => <ComingSoon title={TITLE} />,
});
