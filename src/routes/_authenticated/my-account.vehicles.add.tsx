/** /my-account/vehicles/add: the vehicles list with the Add Vehicle modal open (spec 2 §2). */
import { createFileRoute } from '@tanstack/react-router';
import { VehiclesPage } from '../../features/vehicles/vehicles-page';
import { titledHead } from '../../lib/head';

export const Route = createFileRoute('/_authenticated/my-account/vehicles/add')({
  head: titledHead('Add Vehicle'),
  component: () => <VehiclesPage mode={{ kind: 'add' }} />,
});
