import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { findLocationBySlug } from '../features/locations/location-groups';
import { LocationDetail } from '../features/locations/location-detail';
import { locationsQueryOptions } from '../features/locations/locations-query';
import { pageHead } from '../lib/head';

function LocationPage() {
  const { slug } = Route.useParams();
  const { data: locations } = useSuspenseQuery(locationsQueryOptions);
  const location = findLocationBySlug(locations, slug);
  // The loader already threw notFound for an unknown slug; this covers a cache refresh.
  if (!location) return null;
  return <LocationDetail location={location} />;
}

export const Route = createFileRoute('/locations/$slug')({
  loader: async ({ context, params }) => {
    const locations = await context.queryClient.ensureQueryData(locationsQueryOptions);
    const location = findLocationBySlug(locations, params.slug);
    if (!location) throw notFound();
    return { browserTitle: location.browserTitle, description: location.seoDescription, keywords: location.seoKeywords, address: location.address1 };
  },
  head: ({ loaderData, match }) =>
    pageHead({
      title: loaderData ? loaderData.browserTitle || `Parking near ${loaderData.address}` : 'Loading...',
      description: loaderData?.description,
      keywords: loaderData?.keywords,
      path: match.pathname,
    }),
  component: LocationPage,
});
