/** GET /content/api/content/locations-list: the /locations page body (first item's HTML). */
import { queryOptions } from '@tanstack/react-query';
import { locationsListContentSchema } from '../../contract/content';
import { apiFetch } from '../../lib/api-client';

export const locationsListContentQueryOptions = queryOptions({
  queryKey: ['content', 'locations-list'],
  queryFn: ({ signal }) => apiFetch('/content/api/content/locations-list', { schema: locationsListContentSchema, signal }),
  select: (items) => items[0]?.locationsListContentValue ?? '',
  staleTime: 10 * 60_000,
  meta: { persist: true },
});
