/** /my-account/vehicles: the account's vehicles (spec 2 §2). */
import { createFileRoute } from '@tanstack/react-router';
import { VehiclesPage } from '../../features/vehicles/vehicles-page';
import { titledHead } from '../../lib/head';

export const Route = createFileRoute('/_authenticated/my-account/vehicles/')({
  head: titledHead('Vehicles'),
  component: () => <VehiclesPage mode={{ kind: 'list' }} />,
});
