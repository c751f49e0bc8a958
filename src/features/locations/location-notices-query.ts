/**
 * POST /locations/api/locations/notifications/search for one location over the next 24 hours:
 * the blackouts and alerts the detail panel shows.
 */
import { queryOptions } from '@tanstack/react-query';
import { apiFetchOnDemand } from '../../lib/api-fetch-on-demand';

const DAY_MS = 24 * 60 * 60 * 1000;

export function locationNoticesQueryOptions(locationId: number) {
  return queryOptions({
    queryKey: ['locations', locationId, 'notices'],
    queryFn: ({ signal }) => {
      const start = new Date();
      return apiFetchOnDemand('/locations/api/locations/notifications/search', {
        method: 'POST',
        json: { locationIds: [locationId], startDateUtc: start.toISOString(), endDateUtc: new Date(start.getTime() + DAY_MS).toISOString(), allDay: false, page: 0, pageSize: 99 },
        loadSchema: () => import('../../contract/locations').then((contract) => contract.notificationsSearchResponseSchema),
        signal,
      });
    },
    staleTime: 5 * 60_000,
  });
}
