/** GET /content/api/content/pages/{slug}: a static page's copy, title and SEO fields. */
import { queryOptions } from '@tanstack/react-query';
import type { StaticPageSlug } from '../../contract/content';
import { apiFetchOnDemand } from '../../lib/api-fetch-on-demand';

export function staticPageQueryOptions(slug: StaticPageSlug) {
  return queryOptions({
    queryKey: ['content', 'pages', slug],
    queryFn: ({ signal }) => apiFetchOnDemand(`/content/api/content/pages/${slug}`, { loadSchema: () => import('../../contract/content').then((contract) => contract.staticPageSchema), signal }),
    staleTime: 10 * 60_000,
    meta: { persist: true },
  });
}
