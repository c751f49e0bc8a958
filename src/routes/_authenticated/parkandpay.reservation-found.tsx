import { createFileRoute } from '@tanstack/react-router';
import { ReservationFound } from '../../features/park-and-pay/reservation-found';
import { pageHead } from '../../lib/head';

const TITLE = 'Reservation Found';

export const Route = createFileRoute('/_authenticated/parkandpay/reservation-found')({
  head: ({ match }) => pageHead({ title: TITLE, path: match.pathname }),
  component: ReservationFound,
});
