/**
 * Every query a search screen reads, asked ahead by the search routes' loaders with the same
 * options (so the same keys) as the screen's hooks: the point, the garages near it, their prices
 * (daily, or monthly with notices), the walks and the map's promo content. The server renderer
 * awaits it, so the first HTML has the priced list and the browser hydrates from that cache
 * without asking again (README "Server rendering"); in the browser it only starts the calls
 * before the screen renders, which shows skeleton rows meanwhile.
 */
import type { QueryClient } from '@tanstack/react-query';
import { CONTENT_TYPES } from '../../contract/content';
import { DEFAULT_MAP_CENTRE } from '../../contract/search';
import { toWallTime } from '../../lib/time-slots';
import {
  contentTypeQueryOptions,
  dailyRatesQueryOptions,
  locationsQueryOptions,
  monthlyRatesQueryOptions,
  MONTHLY_NOTICES_MS,
  noticesQueryOptions,
  walkingQueryOptions,
} from './search-api';
import { pickNearbyLocations, walkingDestinations, type Point } from './search-results';
import type { SearchState } from './search-url';
import { hasSearchPoint, placeQueryOptions } from './use-search-point';

async function searchPoint(queryClient: QueryClient, search: SearchState): Promise<Point> {
  if (hasSearchPoint(search)) return { latitude: search.latitude!, longitude: search.longitude! };
  if (!search.query) return DEFAULT_MAP_CENTRE;
  return (await queryClient.ensureQueryData(placeQueryOptions(search.query))) ?? DEFAULT_MAP_CENTRE;
}

export async function prefetchSearch(queryClient: QueryClient, search: SearchState): Promise<void> {
  // The map's marketing pins and the "Park and Train in NJ" card show beside the list.
  const promos = Promise.all([
    queryClient.prefetchQuery(contentTypeQueryOptions(CONTENT_TYPES.marketingPin)),
    queryClient.prefetchQuery(contentTypeQueryOptions(CONTENT_TYPES.searchContent)),
  ]);
  const [point, locations] = await Promise.all([searchPoint(queryClient, search), queryClient.ensureQueryData(locationsQueryOptions)]);
  const nearby = pickNearbyLocations(locations, point);
  if (nearby.length === 0) return void (await promos);
  const ids = nearby.map((location) => location.locationId);
  const prices =
    search.type === 'MONTHLY'
      ? [
          queryClient.ensureQueryData(monthlyRatesQueryOptions(ids, toWallTime(search.arrival).date)),
          queryClient.ensureQueryData(noticesQueryOptions(ids, search.arrival, search.arrival + MONTHLY_NOTICES_MS)),
        ]
      : [queryClient.ensureQueryData(dailyRatesQueryOptions(ids, search.arrival, search.departure))];
  const destinations = walkingDestinations(nearby, point);
  // Without walks the tiles say "1.2 miles away": a failed walk does not cost the page.
  const walks = destinations.length > 0 ? queryClient.prefetchQuery(walkingQueryOptions(point, destinations)) : undefined;
  await Promise.all([...prices, walks, promos]);
}

/**
 * For the search routes' loaders: the server renderer waits for the search's data (its HTML shows
 * the priced list); the browser only starts the calls and renders at once (skeleton rows, then
 * the prices), and a failure there is the screen's to show.
 */
export async function loadSearch(queryClient: QueryClient, search: SearchState): Promise<void> {
  const loading = prefetchSearch(queryClient, search);
  if (import.meta.env.SSR) await loading;
  else loading.catch(() => undefined);
}
