/** GET /content/api/content/type/1: the home page promo tiles, in display order. */
import { queryOptions } from '@tanstack/react-query';
import { CONTENT_TYPES } from '../../contract/content-ids';
import { apiFetchOnDemand } from '../../lib/api-fetch-on-demand';

export const promoTilesQueryOptions = queryOptions({
  queryKey: ['content', 'type', CONTENT_TYPES.promoTile],
  queryFn: ({ signal }) => apiFetchOnDemand(`/content/api/content/type/${CONTENT_TYPES.promoTile}`, { loadSchema: () => import('../../contract/content').then((contract) => contract.contentListSchema), signal }),
  select: (items) => [...items].sort((a, b) => a.displayOrder - b.displayOrder),
  staleTime: 10 * 60_000,
  meta: { persist: true },
});
