import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../lib/head';
import { ComingSoon } from '../../ui/coming-soon';

const TITLE = 'Scan License Plate';

export const Route = createFileRoute('/_authenticated/parkandpay/scan-license')({
  head: ({ match }) => pageHead({ title: TITLE, path: match.pathname }),
  component: () => <ComingSoon title={TITLE} />,
});
