import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useMemo } from 'react';
import { renderSearchDetail } from '../features/locations/location-detail';
import { contentSearch } from '../features/search/mode-searches';
import { contentQueryOptions } from '../features/search/search-api';
import { searchHeadText } from '../features/search/search-head';
import { loadSearch } from '../features/search/search-prefetch';
import { SearchScreen } from '../features/search/search-screen';
import { pageHead } from '../lib/head';
import { PagePending } from '../ui/page-status';

const isContentId = (id: number): boolean => Number.isInteger(id) && id > 0;

/** Spec 1 §4 "Content search": the content's coordinates are the point (promo content: near Secaucus). */
function ContentSearchPage() {
  const { id } = Route.useParams();
  const contentId = Number(id);
  const { data: content, isPending } = useQuery({ ...contentQueryOptions(contentId), enabled: isContentId(contentId), retry: false });
  const now = useMemo(() => Date.now(), []);
  const search = useMemo(() => contentSearch(content, now), [content, now]);
  if (isPending && isContentId(contentId)) return <PagePending />;
  return <SearchScreen search={search} now={now} renderDetail={renderSearchDetail} />;
}

export const Route = createFileRoute('/search/content/$id/{-$slug}')({
  loader: async ({ context: { queryClient }, params }) => {
    const contentId = Number(params.id);
    // A failed lookup is silently ignored (spec 1 §4): the search opens at the default place.
    const content = isContentId(contentId) ? await queryClient.ensureQueryData({ ...contentQueryOptions(contentId), retry: false }).catch(() => undefined) : undefined;
    const search = contentSearch(content, Date.now());
    await loadSearch(queryClient, search);
    return { title: content?.header ?? 'Parking Search', description: searchHeadText(search.query).description };
  },
  head: ({ match, loaderData }) => pageHead({ title: 'Loading...', ...loaderData, path: match.pathname }),
  component: ContentSearchPage,
});
