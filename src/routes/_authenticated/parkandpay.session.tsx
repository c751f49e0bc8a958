import { createFileRoute } from '@tanstack/react-router';
import { prefetchSession, SessionPage } from '../../features/park-and-pay/session-page';
import { parseSessionSearch } from '../../features/park-and-pay/search-params';
import { titledHead } from '../../lib/head';

const TITLE = 'Parking Session';

export const Route = createFileRoute('/_authenticated/parkandpay/session')({
  validateSearch: parseSessionSearch,
  loaderDeps: ({ search }) => ({ licensePlate: search.licensePlate ?? '' }),
  // The browser draws the session from the device's saved copy at once and refreshes it from the
  // page; the server has no saved copy, so it fetches what the first frame shows here (the
  // ticket, then its garage's rate board for the next price step) before rendering.
  loader: ({ context, deps }) => (import.meta.env.SSR ? prefetchSession(context.queryClient, deps.licensePlate) : undefined),
  head: titledHead(TITLE),
  component: function SessionRoute() {
    const { licensePlate, show } = Route.useSearch();
    return <SessionPage licensePlate={licensePlate ?? ''} isPassShownFirst={show === 'pass'} />;
  },
});
