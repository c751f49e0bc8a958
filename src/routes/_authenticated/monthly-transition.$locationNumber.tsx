import { createFileRoute } from '@tanstack/react-router';
import { TRANSITION_TITLE, TransitionPage } from '../../features/monthly-transition/transition-page';
import { pageHead } from '../../lib/head';

export const Route = createFileRoute('/_authenticated/monthly-transition/$locationNumber')({
  head: ({ match }) => pageHead({ title: TRANSITION_TITLE, path: match.pathname }),
  component: function MonthlyTransitionRoute() {
    return <TransitionPage locationNumber={Route.useParams().locationNumber} />;
  },
});
