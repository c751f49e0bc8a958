import { createFileRoute } from '@tanstack/react-router';
import { locationByNumberQueryOptions } from '../features/park-and-pay/locations-api';
import { lotCodeDigits } from '../features/park-and-pay/lot-code';
import { loadWelcomeLocation, WelcomePage } from '../features/park-and-pay/welcome-page';
import { isAutoFlag, parseWelcomeSearch } from '../features/park-and-pay/search-params';
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
    void context.queryClient.prefetchQuery(locationByNumberQueryOptions(lotCode));
    await loadWelcomeLocation();
  },
  head: titledHead(TITLE),
  component: function WelcomeRoute() {
    const { location, auto } = Route.useSearch();
    return <WelcomePage locationNumber={location} isAuto={isAutoFlag(auto)} />;
  },
});
