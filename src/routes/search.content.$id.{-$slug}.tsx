import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useMemo } from 'react';
import { LocationDetail } from '../features/locations/location-detail';
import { contentSearch } from '../features/search/mode-searches';
import { contentQueryOptions } from '../features/search/search-api';
import { SearchScreen } from '../features/search/search-screen';
import { pageHead } from '../lib/head';
import { PagePending } from '../ui/page-status';

const TITLE = 'Parking Search';

/** Spec 1 §4 "Content search": the content's coordinates are the point (promo content: near Secaucus). */
function ContentSearchPage() {
  const { id } = Route.useParams();
  const contentId = Number(id);
  const isValidId = Number.isInteger(contentId) && contentId > 0;
  const { data: content, isPending } = useQuery({ ...contentQueryOptions(contentId), enabled: isValidId, retry: false });
  const now = useMemo(() => Date.now(), []);
  const search = useMemo(() => contentSearch(content, now), [content, now]);
  if (isPending && isValidId) return <PagePending />;
  return <SearchScreen search={search} now={now} renderDetail={(location, context) => <LocationDetail location={location} search={context} onBack={context.onClose} />} />;
}

export const Route = createFileRoute('/search/content/$id/{-$slug}')({
  head: ({ match }) => pageHead({ title: TITLE, path: match.pathname }),
  component: ContentSearchPage,
});
