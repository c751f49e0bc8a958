/** GET /locations/api/locations: every garage (persisted: the lot flows need it offline). */
import { queryOptions } from '@tanstack/react-query';
import { apiFetchOnDemand } from '../../lib/api-fetch-on-demand';

export const locationsQueryOptions = queryOptions({
  queryKey: ['locations'],
  queryFn: ({ signal }) => apiFetchOnDemand('/locations/api/locations', { loadSchema: () => import('../../contract/locations').then((contract) => contract.locationListSchema), signal }),
  // Garages change rarely and the list is ~100 KB (8 KB compressed): refresh it at most hourly,
  // not on every session open; the refresh then usually costs a 304 (ETag, server/lib/http-cache.ts).
  staleTime: 60 * 60_000,
  meta: { persist: true },
});
