import { createFileRoute } from '@tanstack/react-router';
import { locationByNumberQueryOptions } from '../features/park-and-pay/locations-api';
import { lotCodeDigits } from '../features/park-and-pay/flow-rules';
import { WelcomePage } from '../features/park-and-pay/welcome-page';
import { isAutoFlag, parseWelcomeSearch } from '../features/park-and-pay/search-params';
import { pageHead } from '../lib/head';

const TITLE = 'Pay by Plate';

export const Route = createFileRoute('/parkandpay/welcome')({
  validateSearch: parseWelcomeSearch,
  // Not awaited: the page shows "Loading..." meanwhile (the server renderer waits, so its HTML
  // has the garage). Read from the location, not loaderDeps: the loader travels with the page's chunk.
  loader: ({ context, location }) => {
    const lotCode = lotCodeDigits(String((location.search as { location?: unknown }).location ?? ''));
    if (lotCode) void context.queryClient.prefetchQuery(locationByNumberQueryOptions(lotCode));
  },
  head: ({ match }) => pageHead({ title: TITLE, path: match.pathname }),
  component: function WelcomeRoute() {
    const { location, auto } = Route.useSearch();
    return <WelcomePage locationNumber={location} isAuto={isAutoFlag(auto)} />;
  },
});
