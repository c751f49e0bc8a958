/** /my-account/vehicles/add: the vehicles list with the Add Vehicle modal open (spec 2 §2). */
import { createFileRoute } from '@tanstack/react-router';
import { VehiclesPage } from '../../features/vehicles/vehicles-page';
import { pageHead } from '../../lib/head';

export const Route = createFileRoute('/_authenticated/my-account/vehicles/add')({
  head: ({ match }) => pageHead({ title: 'Add Vehicle', path: match.pathname }),
  component: () => <VehiclesPage mode={{ kind: 'add' }} />,
});
