/**
 * Root layout: head tags, update banner, header, announcements, the page, footer (hidden on
 * search, location and pay-by-plate pages), cookie notice. Router context carries the query
 * client and the auth session.
 */
import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, HeadContent, Navigate, Outlet, useLocation } from '@tanstack/react-router';
import { AnnouncementBanners } from '../features/content/announcement-banners';
import { getLayoutFlags } from '../lib/layout-flags';
import type { AppAuth } from '../lib/session';
import { CookieNotice } from '../ui/cookie-notice';
import { PageError, PagePending } from '../ui/page-status';
import { SiteFooter } from '../ui/site-footer';
import { SiteHeader } from '../ui/site-header';
import { UpdateBanner } from '../ui/update-banner';

export type RouterContext = { queryClient: QueryClient; auth: AppAuth };

function RootLayout() {
  const pathname = useLocation({ select: (location) => location.pathname });
  const { isFooterHidden, isGreyBackground } = getLayoutFlags(pathname);
  return (
    <>
      <HeadContent />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <UpdateBanner />
      <div className={isGreyBackground ? 'app app--grey' : 'app'}>
        <SiteHeader />
        <AnnouncementBanners />
        <main id="main" tabIndex={-1}>
          <Outlet />
        </main>
        {!isFooterHidden && <SiteFooter />}
      </div>
      <CookieNotice />
    </>
  );
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  pendingComponent: PagePending,
  errorComponent: PageError,
  // A route that throws notFound() (unknown location slug, …) lands on the not-found page.
  notFoundComponent: () => <Navigate to="/no-parking" replace />,
});
