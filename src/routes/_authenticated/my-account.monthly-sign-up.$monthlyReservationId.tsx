import { createFileRoute } from '@tanstack/react-router';
import { SubscriptionDetail } from '../../features/monthly/subscriptions-page';
import { titledHead } from '../../lib/head';

const TITLE = 'Monthly Subscription';

export const Route = createFileRoute('/_authenticated/my-account/monthly-sign-up/$monthlyReservationId')({
  head: titledHead(TITLE),
  component: function MonthlySubscriptionRoute() {
    const { monthlyReservationId } = Route.useParams();
    return <SubscriptionDetail monthlyReservationId={Number(monthlyReservationId)} />;
  },
});
