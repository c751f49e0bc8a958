import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../lib/head';
import { ComingSoon } from '../ui/coming-soon';

const TITLE = 'Customer Claim Report';

export const Route = createFileRoute('/incidentreport')({
  head: ({ match }) => pageHead({ title: TITLE, path: match.pathname }),
  component: () => <ComingSoon title={TITLE} />,
});
