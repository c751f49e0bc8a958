import { createFileRoute } from '@tanstack/react-router';
import { SessionPage } from '../../features/park-and-pay/session-page';
import { parseSessionSearch } from '../../features/park-and-pay/search-params';
import { titledHead } from '../../lib/head';

const TITLE = 'Parking Session';

export const Route = createFileRoute('/_authenticated/parkandpay/session')({
  validateSearch: parseSessionSearch,
  head: titledHead(TITLE),
  component: function SessionRoute() {
    const { licensePlate, show } = Route.useSearch();
    return <SessionPage licensePlate={licensePlate ?? ''} isPassShownFirst={show === 'pass'} />;
  },
});
