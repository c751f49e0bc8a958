/**
 * GET /rates/api/rate-cards/locations/{id}: the garage's real rate board, for the rates modal (the
 * original showed fixed sample rates) and, as numbers, for the next price step on the session and
 * the pay screen (next-price-step.ts). Persisted, so both hold offline.
 */
import { queryOptions } from '@tanstack/react-query';
import { rateBoardSchema } from '../contract/rates';
import { apiFetch } from './api-client';

export const rateBoardQueryOptions = (locationId: number) =>
  queryOptions({
    queryKey: ['rate-board', locationId],
    queryFn: ({ signal }) => apiFetch(`/rates/api/rate-cards/locations/${locationId}`, { schema: rateBoardSchema, signal }),
    staleTime: 10 * 60_000,
    meta: { persist: true },
  });
