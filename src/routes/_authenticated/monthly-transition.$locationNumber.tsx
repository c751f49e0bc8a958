import { createFileRoute } from '@tanstack/react-router';
import { TransitionPage } from '../../features/monthly-transition/transition-page';
import { titledHead } from '../../lib/head';

// A literal, not the feature's constant: route options load with the entry.
const TITLE = 'Monthly Account Transition';

export const Route = createFileRoute('/_authenticated/monthly-transition/$locationNumber')({
  head: titledHead(TITLE),
  component: function MonthlyTransitionRoute() {
    return <TransitionPage locationNumber={Route.useParams().locationNumber} />;
  },
});
