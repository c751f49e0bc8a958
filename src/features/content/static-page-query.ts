/** GET /content/api/content/pages/{slug}: a static page's copy, title and SEO fields. */
import { queryOptions } from '@tanstack/react-query';
import { staticPageSchema, type StaticPage, type StaticPageSlug } from '../../contract/content';
import { apiFetch } from '../../lib/api-client';
import { pageHead } from '../../lib/head';

export function staticPageQueryOptions(slug: StaticPageSlug) {
  return queryOptions({
    queryKey: ['content', 'pages', slug],
    queryFn: ({ signal }) => apiFetch(`/content/api/content/pages/${slug}`, { schema: staticPageSchema, signal }),
    staleTime: 10 * 60_000,
    meta: { persist: true },
  });
}

/** Head tags from the page's own title and description; `fallbackTitle` while it loads. */
export function staticPageHead(page: StaticPage | undefined, path: string, fallbackTitle: string) {
  return pageHead({ title: page?.title ?? fallbackTitle, description: page?.description, keywords: page?.keywords, path });
}
