import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useMemo } from 'react';
import { renderSearchDetail } from '../features/locations/location-detail';
import { eventQueryOptions } from '../features/search/search-api';
import { eventSearch } from '../features/search/mode-searches';
import { searchHeadText } from '../features/search/search-head';
import { loadSearch } from '../features/search/search-prefetch';
import { SearchScreen } from '../features/search/search-screen';
import { pageHead } from '../lib/head';
import { PagePending } from '../ui/page-status';

const isEventId = (id: number): boolean => Number.isInteger(id) && id > 0;

/** Spec 1 §4 "Event search": the event's venue is the point, arrival its start, departure 2 hours later. */
function EventSearchPage() {
  const { id } = Route.useParams();
  const eventId = Number(id);
  const { data: event, isPending } = useQuery({ ...eventQueryOptions(eventId), enabled: isEventId(eventId), retry: false });
  const now = useMemo(() => Date.now(), []);
  const search = useMemo(() => eventSearch(event, now), [event, now]);
  // A failed lookup is silently ignored (spec 1 §4): the search opens at the default place and times.
  if (isPending && isEventId(eventId)) return <PagePending />;
  return <SearchScreen search={search} now={now} renderDetail={renderSearchDetail} />;
}

export const Route = createFileRoute('/search/event/$id/{-$slug}')({
  loader: async ({ context: { queryClient }, params }) => {
    const eventId = Number(params.id);
    const event = isEventId(eventId) ? await queryClient.ensureQueryData({ ...eventQueryOptions(eventId), retry: false }).catch(() => undefined) : undefined;
    await loadSearch(queryClient, eventSearch(event, Date.now()));
    return searchHeadText(event?.venueName);
  },
  head: ({ match, loaderData }) => pageHead({ title: 'Loading...', ...loaderData, path: match.pathname }),
  component: EventSearchPage,
});
