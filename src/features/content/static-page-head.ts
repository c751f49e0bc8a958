/** Head tags of a static content page, apart from its query: route files' `head` travels in the entry chunk, the query's API client does not. */
import type { StaticPage } from '../../contract/content';
import { pageHead } from '../../lib/head';

/** Head tags from the page's own title and description; `fallbackTitle` while it loads. */
export function staticPageHead(page: StaticPage | undefined, path: string, fallbackTitle: string | undefined) {
  return pageHead({ title: page?.title ?? fallbackTitle, description: page?.description, keywords: page?.keywords, path });
}
