import { createFileRoute } from '@tanstack/react-router';
import { useMemo } from 'react';
import { LocationDetail } from '../features/locations/location-detail';
import { SearchScreen } from '../features/search/search-screen';
import { readSearchUrl } from '../features/search/search-url';
import { searchUrlSchema } from '../features/search/search-url-schema';
import { pageHead, parkingNearTitle } from '../lib/head';

function SearchResultsPage() {
  const url = Route.useSearch();
  const key = JSON.stringify(url);
  // "now" is read once per URL: the slot rules and defaults must not move while the page renders.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const { search, now } = useMemo(() => ({ now: Date.now(), search: readSearchUrl(url, Date.now()) }), [key]);
  return <SearchScreen search={search} now={now} renderDetail={(location, context) => <LocationDetail location={location} search={context} onBack={context.onClose} />} />;
}

export const Route = createFileRoute('/search/results')({
  validateSearch: searchUrlSchema,
  head: ({ match }) => pageHead({ title: parkingNearTitle(match.search.q), path: match.pathname }),
  component: SearchResultsPage,
});
