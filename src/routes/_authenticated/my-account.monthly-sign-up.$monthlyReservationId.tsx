import { createFileRoute } from '@tanstack/react-router';
import { SubscriptionDetail } from '../../features/monthly/subscriptions-page';
import { pageHead } from '../../lib/head';

const TITLE = 'Monthly Subscription';

export const Route = createFileRoute('/_authenticated/my-account/monthly-sign-up/$monthlyReservationId')({
  head: ({ match }) => pageHead({ title: TITLE, path: match.pathname }),
  component: function MonthlySubscriptionRoute() {
    const { monthlyReservationId } = Route.useParams();
    return <SubscriptionDetail monthlyReservationId={Number(monthlyReservationId)} />;
  },
});
