import { createFileRoute } from '@tanstack/react-router';
import { MonthlyConfirmationPage } from '../features/monthly/confirmation-page';
import { pageHead } from '../lib/head';

const TITLE = 'Monthly Reservation Confirmation';

export const Route = createFileRoute('/reserve/monthly/confirmation')({
  head: ({ match }) => pageHead({ title: TITLE, path: match.pathname }),
  component: MonthlyConfirmationPage,
});
