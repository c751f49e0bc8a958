/** GET /content/api/content/banners: announcement banners (all of them; the client filters). */
import { queryOptions } from '@tanstack/react-query';
import { bannerListSchema } from '../../contract/content';
import { apiFetch } from '../../lib/api-client';

export const bannersQueryOptions = queryOptions({
  queryKey: ['content', 'banners'],
  queryFn: ({ signal }) => apiFetch('/content/api/content/banners', { schema: bannerListSchema, signal }),
  staleTime: 5 * 60_000,
  meta: { persist: true },
});
