import { createFileRoute } from '@tanstack/react-router';
import { VehiclePicker } from '../../features/park-and-pay/vehicle-picker';
import { titledHead } from '../../lib/head';

const TITLE = 'Add Vehicle';

export const Route = createFileRoute('/_authenticated/parkandpay/enter-vehicle')({
  head: titledHead(TITLE),
  component: () => <VehiclePicker title="Your Vehicle" />,
});
