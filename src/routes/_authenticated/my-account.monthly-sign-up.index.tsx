import { createFileRoute } from '@tanstack/react-router';
import { SubscriptionsPage } from '../../features/monthly/subscriptions-page';
import { titledHead } from '../../lib/head';

const TITLE = 'Monthly Subscriptions';

export const Route = createFileRoute('/_authenticated/my-account/monthly-sign-up/')({
  head: titledHead(TITLE),
  component: SubscriptionsPage,
});
