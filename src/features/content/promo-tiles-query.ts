/** GET /content/api/content/type/1: the home page promo tiles, in display order. */
import { queryOptions } from '@tanstack/react-query';
import { CONTENT_TYPES, contentListSchema } from '../../contract/content';
import { apiFetch } from '../../lib/api-client';

export const promoTilesQueryOptions = queryOptions({
  queryKey: ['content', 'type', CONTENT_TYPES.promoTile],
  queryFn: ({ signal }) => apiFetch(`/content/api/content/type/${CONTENT_TYPES.promoTile}`, { schema: contentListSchema, signal }),
  select: (items) => [...items].sort((a, b) => a.displayOrder - b.displayOrder),
  staleTime: 10 * 60_000,
  meta: { persist: true },
});
