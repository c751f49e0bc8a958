import { createFileRoute } from '@tanstack/react-router';
import { VehiclePicker } from '../../features/park-and-pay/vehicle-picker';
import { titledHead } from '../../lib/head';

const TITLE = 'Select Vehicle';

export const Route = createFileRoute('/_authenticated/parkandpay/vehicles')({
  head: titledHead(TITLE),
  component: () => <VehiclePicker title={TITLE} />,
});
