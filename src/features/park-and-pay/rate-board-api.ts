/** GET /rates/api/rate-cards/locations/{id}: the garage's real rate board for the rates modal (the original showed fixed sample rates). */
import { queryOptions } from '@tanstack/react-query';
import { rateBoardSchema } from '../../contract/rates';
import { apiFetch } from '../../lib/api-client';

export const rateBoardQueryOptions = (locationId: number) =>
  queryOptions({
    queryKey: ['rate-board', locationId],
    queryFn: ({ signal }) => apiFetch(`/rates/api/rate-cards/locations/${locationId}`, { schema: rateBoardSchema, signal }),
    staleTime: 10 * 60_000,
    meta: { persist: true },
  });
