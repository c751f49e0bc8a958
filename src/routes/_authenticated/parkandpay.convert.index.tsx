import { createFileRoute } from '@tanstack/react-router';
import { ConvertPass } from '../../features/park-and-pay/convert-pass';
import { parseConvertSearch } from '../../features/park-and-pay/search-params';
import { pageHead } from '../../lib/head';

const TITLE = 'Convert Pass';

export const Route = createFileRoute('/_authenticated/parkandpay/convert/')({
  validateSearch: parseConvertSearch,
  head: ({ match }) => pageHead({ title: TITLE, path: match.pathname }),
  component: function ConvertRoute() {
    const { ticketNumber, vehicleId } = Route.useSearch();
    return <ConvertPass ticketNumber={ticketNumber} vehicleId={vehicleId} />;
  },
});
