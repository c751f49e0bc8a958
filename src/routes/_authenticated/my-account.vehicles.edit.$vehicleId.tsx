/** /my-account/vehicles/edit/{vehicleId}: the vehicles list with the Edit Vehicle modal open (spec 2 §2). */
import { createFileRoute } from '@tanstack/react-router';
import { parseVehicleId } from '../../features/vehicles/vehicle-display';
import { VehiclesPage } from '../../features/vehicles/vehicles-page';
import { titledHead } from '../../lib/head';

export const Route = createFileRoute('/_authenticated/my-account/vehicles/edit/$vehicleId')({
  head: titledHead('Edit Vehicle'),
  component: function EditVehicleRoute() {
    const { vehicleId } = Route.useParams();
    return <VehiclesPage mode={{ kind: 'edit', vehicleId: parseVehicleId(vehicleId) }} />;
  },
});
