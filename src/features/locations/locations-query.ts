/** GET /locations/api/locations: every garage (persisted: the lot flows need it offline). */
import { queryOptions } from '@tanstack/react-query';
import { locationListSchema } from '../../contract/locations';
import { apiFetch } from '../../lib/api-client';

export const locationsQueryOptions = queryOptions({
  queryKey: ['locations'],
  queryFn: ({ signal }) => apiFetch('/locations/api/locations', { schema: locationListSchema, signal }),
  staleTime: 10 * 60_000,
  meta: { persist: true },
});
