import { createFileRoute } from '@tanstack/react-router';
import { ReservationPayment } from '../../features/park-and-pay/reservation-payment';
import { titledHead } from '../../lib/head';

const TITLE = 'Reservation Payment';

export const Route = createFileRoute('/_authenticated/parkandpay/reservation-payment')({
  head: titledHead(TITLE),
  component: ReservationPayment,
});
