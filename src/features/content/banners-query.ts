/** GET /content/api/content/banners: announcement banners (all of them; the client filters). */
import { queryOptions } from '@tanstack/react-query';
import { apiFetchOnDemand } from '../../lib/api-fetch-on-demand';

export const bannersQueryOptions = queryOptions({
  queryKey: ['content', 'banners'],
  // The root layout and main.tsx use it: the client and schema load with the first call.
  queryFn: ({ signal }) => apiFetchOnDemand('/content/api/content/banners', { loadSchema: () => import('../../contract/content').then((contract) => contract.bannerListSchema), signal }),
  staleTime: 5 * 60_000,
  meta: { persist: true },
});
