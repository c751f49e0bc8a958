/** A static page (FAQ, about, terms…): the operator's copy from the content service. */
import { useSuspenseQuery } from '@tanstack/react-query';
import type { StaticPageSlug } from '../../contract/content';
import { HtmlContent } from '../../ui/html-content';
import { staticPageQueryOptions } from './static-page-query';

/** The CMS copy normally opens with its own <h1>; add one only when it does not. */
export function hasOwnHeading(html: string): boolean {
  return /<h1[\s>]/i.test(html);
}

export function StaticPage({ slug }: { slug: StaticPageSlug }) {
  const { data: page } = useSuspenseQuery(staticPageQueryOptions(slug));
  return (
    <article className="page page--narrow static-page">
      {!hasOwnHeading(page.bodyHtml) && <h1>{page.title}</h1>}
      <HtmlContent html={page.bodyHtml} className="rich-text" />
    </article>
  );
}
