import { createFileRoute } from '@tanstack/react-router';
import { FindReservation } from '../../features/park-and-pay/find-reservation';
import { titledHead } from '../../lib/head';

const TITLE = 'Find Reservation';

export const Route = createFileRoute('/_authenticated/parkandpay/find-reservation')({
  head: titledHead(TITLE),
  component: FindReservation,
});
