import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { locationsListContentQueryOptions } from '../features/content/locations-list-content-query';
import { findLocationsMissingFromHtml } from '../features/locations/location-groups';
import { LocationsDirectory } from '../features/locations/locations-directory';
import { locationsQueryOptions } from '../features/locations/locations-query';
import { pageHead } from '../lib/head';
import { HtmlContent } from '../ui/html-content';

function LocationsPage() {
  const { data: bodyHtml } = useSuspenseQuery(locationsListContentQueryOptions);
  const { data: locations } = useSuspenseQuery(locationsQueryOptions);
  const missing = findLocationsMissingFromHtml(locations, bodyHtml);
  return (
    <article className="page">
      {bodyHtml ? <HtmlContent html={bodyHtml} className="rich-text" /> : <h1>Our Locations</h1>}
      {missing.length > 0 && (
        <section aria-labelledby="more-locations">
          <h2 id="more-locations">{bodyHtml ? 'More locations' : 'All locations'}</h2>
          <LocationsDirectory locations={missing} />
        </section>
      )}
    </article>
  );
}

export const Route = createFileRoute('/locations/')({
  loader: ({ context }) =>
    Promise.all([context.queryClient.ensureQueryData(locationsListContentQueryOptions), context.queryClient.ensureQueryData(locationsQueryOptions)]),
  head: ({ match }) =>
    pageHead({
      title: 'Parking Locations in New York & New Jersey',
      description: 'All ParkFair garages in Manhattan, Brooklyn, Jersey City, Newark and Secaucus, with addresses, hours and amenities.',
      path: match.pathname,
    }),
  component: LocationsPage,
});
