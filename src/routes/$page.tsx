/**
 * The static content pages (/FAQ, /about, /terms-and-conditions…: src/contract/content-pages.ts)
 * as one route: one definition in the entry chunk instead of thirteen. Any other one-segment
 * path is treated as the catch-all route ($.tsx) treats deeper ones: a second-stage page
 * (/my-account, /staff) once the rest of the route tree has joined, else the not-found page.
 */
import { createFileRoute } from '@tanstack/react-router';
import { CONTENT_PAGE_TITLES, contentPageName, contentPageSlug } from '../contract/content-pages';
import { staticPageHead } from '../features/content/static-page-head';
import { StaticPage } from '../features/content/static-page';
import { staticPageQueryOptions } from '../features/content/static-page-query';
import { leaveUnknownPath } from '../lib/unknown-path';

export const Route = createFileRoute('/$page')({
  beforeLoad: (options) => (contentPageName(options.params.page) ? undefined : leaveUnknownPath(options)),
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
