import { createFileRoute } from '@tanstack/react-router';
import { ConvertPass } from '../../features/park-and-pay/convert-pass';
import { parseConvertSearch } from '../../features/park-and-pay/search-params';
import { titledHead } from '../../lib/head';

const TITLE = 'Convert Pass';

export const Route = createFileRoute('/_authenticated/parkandpay/convert/')({
  validateSearch: parseConvertSearch,
  head: titledHead(TITLE),
  component: function ConvertRoute() {
    const { ticketNumber, vehicleId } = Route.useSearch();
    return <ConvertPass ticketNumber={ticketNumber} vehicleId={vehicleId} />;
  },
});
