import { createFileRoute } from '@tanstack/react-router';
import { VehiclePicker } from '../../features/park-and-pay/vehicle-picker';
import { pageHead } from '../../lib/head';

const TITLE = 'Select Vehicle';

export const Route = createFileRoute('/_authenticated/parkandpay/vehicles')({
  head: ({ match }) => pageHead({ title: TITLE, path: match.pathname }),
  component: () => <VehiclePicker title={TITLE} />,
});
