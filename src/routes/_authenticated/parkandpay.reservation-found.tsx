import { createFileRoute } from '@tanstack/react-router';
import { ReservationFound } from '../../features/park-and-pay/reservation-found';
import { titledHead } from '../../lib/head';

const TITLE = 'Reservation Found';

export const Route = createFileRoute('/_authenticated/parkandpay/reservation-found')({
  head: titledHead(TITLE),
  component: ReservationFound,
});
