import { createFileRoute } from '@tanstack/react-router';
import { SubscriptionsPage } from '../../features/monthly/subscriptions-page';
import { pageHead } from '../../lib/head';

const TITLE = 'Monthly Subscriptions';

export const Route = createFileRoute('/_authenticated/my-account/monthly-sign-up/')({
  head: ({ match }) => pageHead({ title: TITLE, path: match.pathname }),
  component: SubscriptionsPage,
});
