import { createFileRoute } from '@tanstack/react-router';
import { FindReservation } from '../../features/park-and-pay/find-reservation';
import { pageHead } from '../../lib/head';

const TITLE = 'Find Reservation';

export const Route = createFileRoute('/_authenticated/parkandpay/find-reservation')({
  head: ({ match }) => pageHead({ title: TITLE, path: match.pathname }),
  component: FindReservation,
});
