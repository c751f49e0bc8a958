/**
 * The claims service's garage list for the form (spec 3 §7). Sending a claim is the outbox's
 * (claim-outbox.ts), shared with the service worker, which has no API client.
 */
import { queryOptions } from '@tanstack/react-query';
import { claimLocationsSchema } from '../../contract/claims';
import { apiFetch } from '../../lib/api-client';

export const claimLocationsQueryOptions = queryOptions({
  queryKey: ['claims', 'locations'],
  queryFn: ({ signal }) => apiFetch('/claims/api/locations', { schema: claimLocationsSchema, signal }),
  staleTime: 60 * 60 * 1000,
  // Kept on the device: a draft finished with no signal still shows its garage.
  meta: { persist: true },
});
