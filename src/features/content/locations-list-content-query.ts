/** GET /content/api/content/locations-list: the /locations page body (first item's HTML). */
import { queryOptions } from '@tanstack/react-query';
import { apiFetchOnDemand } from '../../lib/api-fetch-on-demand';

export const locationsListContentQueryOptions = queryOptions({
  queryKey: ['content', 'locations-list'],
  queryFn: ({ signal }) => apiFetchOnDemand('/content/api/content/locations-list', { loadSchema: () => import('../../contract/content').then((contract) => contract.locationsListContentSchema), signal }),
  select: (items) => items[0]?.locationsListContentValue ?? '',
  staleTime: 10 * 60_000,
  meta: { persist: true },
});
