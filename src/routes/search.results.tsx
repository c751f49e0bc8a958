import { createFileRoute } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { renderSearchDetail } from '../features/locations/location-detail';
import { loadSearch } from '../features/search/search-prefetch';
import { SearchScreen } from '../features/search/search-screen';
import { readSearchOnce, readSearchUrl, writeSearchUrl, type SearchRead } from '../features/search/search-url';
import { searchUrlSchema } from '../features/search/search-url-schema';
import { searchHeadText } from '../features/search/search-head';
import { pageHead } from '../lib/head';

function SearchResultsPage() {
  const url = Route.useSearch();
  const navigate = Route.useNavigate();
  // A ref, not state: reading is pure and the same URL always gives the same read (readSearchOnce).
  const read = useRef<SearchRead>(undefined);
  read.current = readSearchOnce(read.current, url, Date.now());
  const { search, now } = read.current;
  // A link without times (home, "near me") gets the suggested ones written in, so the URL names
  // the exact search: reloading (or reopening offline) asks for the same prices. The same page,
  // so the list stays where the visitor has scrolled it.
  // In the commit's effects, not deferred: a tap kept from before hydration is replayed after
  // them, and a later write would undo the navigation it starts (Monthly, See Locations).
  useEffect(() => {
    if (!url.from) void navigate({ search: writeSearchUrl(search), replace: true, resetScroll: false });
  }, [url.from, search, navigate]);
  return <SearchScreen search={search} now={now} renderDetail={renderSearchDetail} />;
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
