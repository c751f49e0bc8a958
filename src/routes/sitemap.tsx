import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { groupLocationsByArea } from '../features/locations/location-groups';
import { locationsQueryOptions } from '../features/locations/locations-query';
import { HtmlSitemap } from '../features/sitemap/html-sitemap';
import { pageHead } from '../lib/head';

function SitemapPage() {
  const { data: locations } = useSuspenseQuery(locationsQueryOptions);
  return <HtmlSitemap locationGroups={groupLocationsByArea(locations)} />;
}

export const Route = createFileRoute('/sitemap')({
  loader: ({ context }) => context.queryClient.ensureQueryData(locationsQueryOptions),
  head: ({ match }) => pageHead({ title: 'Sitemap', description: 'Every page and every garage on the ParkFair site.', path: match.pathname }),
  component: SitemapPage,
});
