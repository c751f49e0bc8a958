/** GET /locations/api/locations (persisted) and by-number/{lotCode} (404 "Location not found"). */
import { queryOptions } from '@tanstack/react-query';
import { apiFetchOnDemand } from '../../lib/api-fetch-on-demand';

// The welcome page's garage is on its first screen: client and contract load with the call (src/lib/api-fetch-on-demand.ts).
const loadContract = () => import('../../contract/locations');

/** Same key and shape as the locations feature's list, so both share one cached copy. */
export const parkLocationsQueryOptions = queryOptions({
  queryKey: ['locations'],
  queryFn: ({ signal }) => apiFetchOnDemand('/locations/api/locations', { loadSchema: () => loadContract().then((contract) => contract.locationListSchema), signal }),
  // Garages change rarely and the list is ~100 KB (8 KB compressed): refresh it at most hourly,
  // not on every session open; the refresh then usually costs a 304 (ETag, server/lib/http-cache.ts).
  staleTime: 60 * 60_000,
  meta: { persist: true },
});

export const locationByNumberQueryOptions = (lotCode: string) =>
  queryOptions({
    queryKey: ['locations', 'by-number', lotCode],
    queryFn: ({ signal }) => apiFetchOnDemand(`/locations/api/locations/by-number/${encodeURIComponent(lotCode)}`, { loadSchema: () => loadContract().then((contract) => contract.locationSchema), signal }),
    staleTime: 10 * 60_000,
    retry: false,
    meta: { persist: true },
  });
