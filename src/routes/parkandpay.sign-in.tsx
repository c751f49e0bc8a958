import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../lib/head';
import { ComingSoon } from '../ui/coming-soon';

const TITLE = 'Sign In';

export const Route = createFileRoute('/parkandpay/sign-in')({
  head: ({ match }) => pageHead({ title: TITLE, path: match.pathname }),
  component: () => <ComingSoon title={TITLE} />,
});
