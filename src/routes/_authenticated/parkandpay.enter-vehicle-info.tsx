/**
 * Enter vehicle info (spec 3 §2, §5): the one vehicle form, prefilled with a scanned plate, as a
 * 3-step wizard on phones and a single form on wider screens; saving continues the activation.
 */
import { createFileRoute } from '@tanstack/react-router';
import { PlateScreenBack, ScanPlateInstead, useContinueWithVehicle } from '../../features/park-and-pay/add-vehicle-form';
import { ParkLayout } from '../../features/park-and-pay/park-layout';
import { parsePlateScreenSearch } from '../../features/park-and-pay/search-params';
import { VehicleForm } from '../../features/vehicles/vehicle-form';
import { titledHead } from '../../lib/head';

const TITLE = 'Enter Vehicle Info';

export const Route = createFileRoute('/_authenticated/parkandpay/enter-vehicle-info')({
  validateSearch: parsePlateScreenSearch,
  head: titledHead(TITLE),
  component: function EnterVehicleInfoRoute() {
    const { licensePlate, ticketNumber, backTo } = Route.useSearch();
    const onSaved = useContinueWithVehicle({ ticketNumber });
    return (
      <ParkLayout title={TITLE}>
        <VehicleForm
          licensePlate={licensePlate}
          layout="wizard-on-mobile"
          onSaved={onSaved}
          leaveAction={<PlateScreenBack ticketNumber={ticketNumber} backTo={backTo} />}
          extraActions={<ScanPlateInstead ticketNumber={ticketNumber} backTo={backTo} />}
        />
      </ParkLayout>
    );
  },
});
