import { createFileRoute } from '@tanstack/react-router';
import { MonthlyConfirmationPage } from '../features/monthly/confirmation-page';
import { titledHead } from '../lib/head';

const TITLE = 'Monthly Reservation Confirmation';

export const Route = createFileRoute('/reserve/monthly/confirmation')({
  head: titledHead(TITLE),
  component: MonthlyConfirmationPage,
});
