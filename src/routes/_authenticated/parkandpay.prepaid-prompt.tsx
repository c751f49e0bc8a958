import { createFileRoute } from '@tanstack/react-router';
import { PrepaidPrompt } from '../../features/park-and-pay/prepaid-prompt';
import { pageHead } from '../../lib/head';

const TITLE = 'Prepaid Reservation';

export const Route = createFileRoute('/_authenticated/parkandpay/prepaid-prompt')({
  head: ({ match }) => pageHead({ title: TITLE, path: match.pathname }),
  component: PrepaidPrompt,
});
