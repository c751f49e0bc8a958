import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { findLocationBySlug } from '../features/locations/location-groups';
import { pageSearch } from '../features/locations/location-detail';
import { LocationSearch, locationSearchState } from '../features/locations/location-search';
import { dailyQuoteQueryOptions } from '../features/locations/location-price-queries';
import { locationNoticesQueryOptions } from '../features/locations/location-notices-query';
import { locationsQueryOptions } from '../features/locations/locations-query';
import { jsonLdText, parkingFacilityLd } from '../features/locations/parking-facility-ld';
import { loadSearch } from '../features/search/search-prefetch';
import { canonicalUrl, pageHead, siteOrigin } from '../lib/head';

function LocationPage() {
  const { slug } = Route.useParams();
  const { data: locations } = useSuspenseQuery(locationsQueryOptions);
  const location = findLocationBySlug(locations, slug);
  // The loader already threw notFound for an unknown slug; this covers a cache refresh.
  if (!location) return null;
  return <LocationSearch location={location} />;
}

export const Route = createFileRoute('/locations/$slug')({
  loader: async ({ context, params, location: { pathname } }) => {
    const locations = await context.queryClient.ensureQueryData(locationsQueryOptions);
    const location = findLocationBySlug(locations, params.slug);
    if (!location) throw notFound();
    // Not awaited: the page draws without them (the server renderer waits, so its HTML has them).
    void context.queryClient.prefetchQuery(locationNoticesQueryOptions(location.locationId));
    const priced = pageSearch();
    if (priced.type === 'DAILY') void context.queryClient.prefetchQuery(dailyQuoteQueryOptions(location.locationId, priced.arrival, priced.departure));
    // The search screen around the garage (spec 1 §2.1): the server waits for it, the browser starts it.
    await loadSearch(context.queryClient, locationSearchState(location, priced));
    return {
      browserTitle: location.browserTitle,
      description: location.seoDescription,
      keywords: location.seoKeywords,
      address: location.address1,
      facility: jsonLdText(parkingFacilityLd(location, canonicalUrl(pathname), siteOrigin())),
    };
  },
  head: ({ loaderData, match }) => ({
    ...pageHead({
      title: loaderData ? loaderData.browserTitle || `Parking near ${loaderData.address}` : 'Loading...',
      description: loaderData?.description,
      keywords: loaderData?.keywords,
      path: match.pathname,
    }),
    // schema.org ParkingFacility: a data block, not a script the CSP has to allow.
    scripts: loaderData ? [{ type: 'application/ld+json', children: loaderData.facility }] : [],
  }),
  component: LocationPage,
});
