import { createFileRoute } from '@tanstack/react-router';
import { PrepaidPrompt } from '../../features/park-and-pay/prepaid-prompt';
import { titledHead } from '../../lib/head';

const TITLE = 'Prepaid Reservation';

export const Route = createFileRoute('/_authenticated/parkandpay/prepaid-prompt')({
  head: titledHead(TITLE),
  component: PrepaidPrompt,
});
