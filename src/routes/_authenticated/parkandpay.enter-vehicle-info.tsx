import { createFileRoute } from '@tanstack/react-router';
import { AddVehicleForm } from '../../features/park-and-pay/add-vehicle-form';
import { ParkLayout } from '../../features/park-and-pay/park-layout';
import { plateScreenSearchSchema } from '../../features/park-and-pay/search-params';
import { pageHead } from '../../lib/head';

const TITLE = 'Enter Vehicle Info';

export const Route = createFileRoute('/_authenticated/parkandpay/enter-vehicle-info')({
  validateSearch: plateScreenSearchSchema,
  head: ({ match }) => pageHead({ title: TITLE, path: match.pathname }),
  component: function EnterVehicleInfoRoute() {
    const { licensePlate, ticketNumber, backTo } = Route.useSearch();
    return (
      <ParkLayout title={TITLE}>
        <AddVehicleForm licensePlate={licensePlate} ticketNumber={ticketNumber} backTo={backTo} />
      </ParkLayout>
    );
  },
});
