import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../lib/head';
import { ComingSoon } from '../../ui/coming-soon';

const TITLE = 'Profile';

export const Route = createFileRoute('/_authenticated/my-account/profile')({
  head: ({ match }) => pageHead({ title: TITLE, path: match.pathname }),
  component: () => <ComingSoon title={TITLE} />,
});
