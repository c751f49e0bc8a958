import { createFileRoute } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { renderSearchDetail } from '../features/locations/location-detail';
import { loadSearch } from '../features/search/search-prefetch';
import { SearchScreen } from '../features/search/search-screen';
import { readSearchOnce, readSearchUrl, writeSearchUrl, type SearchRead } from '../features/search/search-url';
import { searchUrlSchema } from '../features/search/search-url-schema';
import { searchHeadText } from '../features/search/search-head';
import { pageHead } from '../lib/head';
import { stringifySearch } from '../lib/search-serialization';

function SearchResultsPage() {
  const url = Route.useSearch();
  const navigate = Route.useNavigate();
  // A ref, not state: reading is pure and the same URL always gives the same read (readSearchOnce).
  const read = useRef<SearchRead>(undefined);
  read.current = readSearchOnce(read.current, url, Date.now());
  const { search, now } = read.current;
  // A link without times (home, "near me") gets the suggested ones written in, so the URL names
  // the exact search: reloading (or reopening offline) asks for the same prices. The same page,
  // so the list stays where the visitor has scrolled it. A page the server drew has them already
  // (the loader's `address`, taken before the router starts): this is for the browser's own navigations.
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
  // A link without times is priced and drawn for the suggested ones: `address` names them, and the
  // server hands it to the browser, which takes it before its router starts (entry-server.tsx).
  loader: async ({ context, deps }) => {
    const search = readSearchUrl(deps, Date.now());
    await loadSearch(context.queryClient, search);
    return { ...searchHeadText(deps.q), address: deps.from ? undefined : `/search/results${stringifySearch(writeSearchUrl(search))}` };
  },
  head: ({ match, loaderData }) => pageHead({ title: 'Loading...', ...loaderData, path: match.pathname }),
  component: SearchResultsPage,
});
