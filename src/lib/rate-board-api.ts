/**
 * GET /rates/api/rate-cards/locations/{id}: the garage's real rate board, for the rates modal (the
 * original showed fixed sample rates) and, as numbers, for the next price step on the session and
 * the pay screen (next-price-step.ts). Persisted, so both hold offline. The API client and the
 * rates contract load with the call (apiFetchOnDemand): the session draws the step from the saved
 * board on its first frame without them.
 */
import { queryOptions } from '@tanstack/react-query';
import { apiFetchOnDemand } from './api-fetch-on-demand';

export const rateBoardQueryOptions = (locationId: number) =>
  queryOptions({
    queryKey: ['rate-board', locationId],
    queryFn: ({ signal }) => apiFetchOnDemand(`/rates/api/rate-cards/locations/${locationId}`, { loadSchema: () => import('../contract/rates').then((contract) => contract.rateBoardSchema), signal }),
    staleTime: 10 * 60_000,
    meta: { persist: true },
  });
