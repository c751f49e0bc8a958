import { createFileRoute } from '@tanstack/react-router';
import { locationByNumberQueryOptions } from '../features/park-and-pay/locations-api';
import { lotCodeDigits } from '../features/park-and-pay/lot-code';
import { loadWelcomeLocation, WelcomePage } from '../features/park-and-pay/welcome-page';
import { isAutoFlag, parseWelcomeSearch } from '../features/park-and-pay/search-params';
import { ApiError } from '../lib/errors';
import { titledHead } from '../lib/head';

const TITLE = 'Pay by Plate';

export const Route = createFileRoute('/parkandpay/welcome')({
  validateSearch: parseWelcomeSearch,
  // The garage is not awaited: the page shows "Loading..." meanwhile (the server renderer waits,
  // so its HTML has the garage). The location card's code is: a server-rendered card hydrates in
  // the same pass as the page, so a tap on it is never lost in between (welcome-page.tsx). Read
  // from the location, not loaderDeps: the loader travels with the page's chunk.
  loader: async ({ context, location }) => {
    const lotCode = lotCodeDigits(String((location.search as { location?: unknown }).location ?? ''));
    if (!lotCode) return;
    const garage = context.queryClient.prefetchQuery(locationByNumberQueryOptions(lotCode));
    await loadWelcomeLocation();
    // The server's HTML says "Location not found" for a code that names no garage, with 404
    // (src/entry-server.tsx): a phone whose scripts have not come yet reads it at the gate.
    if (import.meta.env.SSR) {
      await garage;
      const { error } = context.queryClient.getQueryState(locationByNumberQueryOptions(lotCode).queryKey) ?? {};
      if (error instanceof ApiError && error.status < 500) return { status: 404 as const };
    }
    return undefined;
  },
  head: titledHead(TITLE),
  component: function WelcomeRoute() {
    const { location, auto } = Route.useSearch();
    return <WelcomePage locationNumber={location} isAuto={isAutoFlag(auto)} />;
  },
});
