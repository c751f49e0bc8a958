import { createFileRoute } from '@tanstack/react-router';
import { ConvertPassPayment } from '../../features/park-and-pay/convert-pass-payment';
import { parseConvertSearch } from '../../features/park-and-pay/search-params';
import { titledHead } from '../../lib/head';

const TITLE = 'Convert Pass Payment';

export const Route = createFileRoute('/_authenticated/parkandpay/convert/payment')({
  validateSearch: parseConvertSearch,
  head: titledHead(TITLE),
  component: function ConvertPaymentRoute() {
    const { ticketNumber, vehicleId } = Route.useSearch();
    return <ConvertPassPayment ticketNumber={ticketNumber} vehicleId={vehicleId} />;
  },
});
