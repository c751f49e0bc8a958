/**
 * The static content pages (/FAQ, /about, /terms-and-conditions…: src/contract/content-pages.ts)
 * as one route: one definition in the entry chunk instead of thirteen. Any other one-segment
 * path is unknown and goes to the not-found page, as the catch-all route ($.tsx) does deeper.
 */
import { createFileRoute, redirect } from '@tanstack/react-router';
import { CONTENT_PAGE_TITLES, contentPageName, contentPageSlug } from '../contract/content-pages';
import { staticPageHead } from '../features/content/static-page-head';
import { StaticPage } from '../features/content/static-page';
import { staticPageQueryOptions } from '../features/content/static-page-query';

export const Route = createFileRoute('/$page')({
  beforeLoad: ({ params }) => {
    if (!contentPageName(params.page)) throw redirect({ to: '/no-parking', replace: true });
  },
  loader: ({ context, params }) => {
    const name = contentPageName(params.page);
    return name && context.queryClient.ensureQueryData(staticPageQueryOptions(contentPageSlug(name)));
  },
  head: ({ loaderData, match, params }) => {
    const name = contentPageName(params.page);
    return staticPageHead(loaderData || undefined, match.pathname, name && CONTENT_PAGE_TITLES[name]);
  },
  component: function ContentPageRoute() {
    const name = contentPageName(Route.useParams().page);
    return name ? <StaticPage slug={contentPageSlug(name)} /> : null;
  },
});
