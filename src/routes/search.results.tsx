import { createFileRoute } from '@tanstack/react-router';
import { useEffect, useMemo } from 'react';
import { LocationDetail } from '../features/locations/location-detail';
import { loadSearch } from '../features/search/search-prefetch';
import { SearchScreen } from '../features/search/search-screen';
import { readSearchUrl, writeSearchUrl } from '../features/search/search-url';
import { searchUrlSchema } from '../features/search/search-url-schema';
import { searchHeadText } from '../features/search/search-head';
import { pageHead } from '../lib/head';

function SearchResultsPage() {
  const url = Route.useSearch();
  const navigate = Route.useNavigate();
  const key = JSON.stringify(url);
  // "now" is read once per URL: the slot rules and defaults must not move while the page renders.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const { search, now } = useMemo(() => ({ now: Date.now(), search: readSearchUrl(url, Date.now()) }), [key]);
  // A link without times (home, "near me") gets the suggested ones written in, so the URL names
  // the exact search: reloading (or reopening offline) asks for the same prices. The same page,
  // so the list stays where the visitor has scrolled it.
  useEffect(() => {
    if (!url.from) void navigate({ search: writeSearchUrl(search), replace: true, resetScroll: false });
  }, [url.from, search, navigate]);
  return <SearchScreen search={search} now={now} renderDetail={(location, context) => <LocationDetail location={location} search={context} onBack={context.onClose} />} />;
}

export const Route = createFileRoute('/search/results')({
  validateSearch: searchUrlSchema,
  loaderDeps: ({ search }) => search,
  // The server renders the priced list (src/entry-server.tsx); the browser starts the calls.
  // Its title and description too: their text travels with this chunk, not with every first screen.
  loader: async ({ context, deps }) => {
    await loadSearch(context.queryClient, readSearchUrl(deps, Date.now()));
    return searchHeadText(deps.q);
  },
  head: ({ match, loaderData }) => pageHead({ title: 'Loading...', ...loaderData, path: match.pathname }),
  component: SearchResultsPage,
});
