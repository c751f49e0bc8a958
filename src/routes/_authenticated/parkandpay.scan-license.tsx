import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { ParkLayout } from '../../features/park-and-pay/park-layout';
import { plateScreenBackHref } from '../../features/park-and-pay/flow-rules';
import { NoVehiclesNote } from '../../features/park-and-pay/vehicle-picker';
import { parsePlateScreenSearch } from '../../features/park-and-pay/search-params';
import { PlateScanner } from '../../features/plate-scan/plate-scanner';
import { titledHead } from '../../lib/head';

const TITLE = 'Scan License Plate';

export const Route = createFileRoute('/_authenticated/parkandpay/scan-license')({
  validateSearch: parsePlateScreenSearch,
  head: titledHead(TITLE),
  component: function ScanLicenseRoute() {
    const { ticketNumber, backTo } = Route.useSearch();
    const navigate = useNavigate();
    const toForm = (licensePlate?: string) =>
      void navigate({ to: '/parkandpay/enter-vehicle-info', search: { licensePlate, ticketNumber, backTo }, replace: true });
    return (
      <ParkLayout title={TITLE}>
        <NoVehiclesNote ticketNumber={ticketNumber} backTo={backTo} />
        <PlateScanner onConfirm={(plate) => toForm(plate)} onTypeInstead={() => toForm()} />
        <p>
          <button type="button" className="link-button" onClick={() => toForm()}>Type the plate instead</button>{' '}
          <a href={plateScreenBackHref({ ticketNumber, backTo })} className="link-button">Back</a>
        </p>
      </ParkLayout>
    );
  },
});
