/**
 * Root layout: head tags, update banner, header, announcements, the page, cookie notice (not on
 * lot screens), footer (hidden on search, location and pay-by-plate pages). Router context
 * carries the query client, the auth session and the route tree's stages (lib/unknown-path.ts).
 * The footer and the cookie notice are separate chunks (the first screen's JS budget): the footer
 * sits below the page and the notice shows only until it is accepted. So is the update banner,
 * drawn only once a new version is on its way: its chunk is loaded before the service worker is
 * registered (src/main.tsx), so it is in memory by the time the worker can report an update,
 * and never fetched while a new version replaces the files.
 */
import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, HeadContent, Navigate, Outlet, useLocation } from '@tanstack/react-router';
import { useHydrated } from '../lib/hydration';
import { lazy, Suspense, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { AnnouncementBanners } from '../features/content/announcement-banners';
import { STORAGE_KEYS } from '../lib/constants';
import { installOfferStore } from '../lib/install-prompt';
import { getLayoutFlags } from '../lib/layout-flags';
import type { AppAuth } from '../lib/session';
import { readStorage } from '../lib/storage';
import type { RouteStages } from '../lib/unknown-path';
import { isUpdateBannerVisible, updateStore } from '../lib/sw-update-store';
import { removeServerHeadTags } from '../server-state';
import { PageError, PagePending } from '../ui/page-status';
import { SiteHeader } from '../ui/site-header';

const SiteFooter = lazy(() => import('../ui/site-footer').then((module) => ({ default: module.SiteFooter })));
const CookieNotice = lazy(() => import('../ui/cookie-notice').then((module) => ({ default: module.CookieNotice })));
const UpdateBanner = lazy(() => import('../ui/update-banner').then((module) => ({ default: module.UpdateBanner })));
// Offered after an activation only (src/lib/install-prompt.ts): its chunk loads then.
const InstallHint = lazy(() => import('../features/install/install-hint').then((module) => ({ default: module.InstallHint })));

export type RouterContext = { queryClient: QueryClient; auth: AppAuth; routeStages: RouteStages };

/**
 * The router's head tags; once they are in <head>, the server's copies (marked) go, so a page
 * never has two titles or canonical links, and never none (page views read document.title).
 */
function RouterHead() {
  useLayoutEffect(removeServerHeadTags, []);
  return <HeadContent />;
}

function RootLayout() {
  const pathname = useLocation({ select: (location) => location.pathname });
  const { isFooterHidden, isGreyBackground, isCookieNoticeDeferred } = getLayoutFlags(pathname);
  // Read once: after Continue the notice hides itself; its chunk is never loaded once accepted.
  const [isCookieNoticeNeeded] = useState(() => readStorage(STORAGE_KEYS.cookieAccepted) !== 'true');
  const installOffer = useSyncExternalStore(installOfferStore.subscribe, installOfferStore.getOffer, installOfferStore.getOffer);
  const updateStatus = useSyncExternalStore(updateStore.subscribe, updateStore.getStatus, updateStore.getStatus);
  // A server-rendered page (src/entry-server.tsx) has its head tags in <head> already: the
  // router's come with the first render after hydration. The server cannot know the cookie notice
  // was accepted, so its HTML has it (a first visit's page then never shifts when it appears);
  // the render after hydration removes it for a device that accepted it.
  const isHydrated = useHydrated();
  return (
    <>
      {isHydrated && <RouterHead />}
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {isUpdateBannerVisible(updateStatus) && (
        <Suspense fallback={null}>
          <UpdateBanner />
        </Suspense>
      )}
      <div className={isGreyBackground ? 'app app--grey' : 'app'}>
        <SiteHeader />
        <AnnouncementBanners />
        <main id="main" tabIndex={-1}>
          {installOffer && (
            <Suspense fallback={null}>
              <InstallHint />
            </Suspense>
          )}
          <Outlet />
        </main>
        {/* In the page flow, below the page: it never covers content (an exit pass, a button). */}
        {(isCookieNoticeNeeded || !isHydrated) && !isCookieNoticeDeferred && (
          <Suspense fallback={null}>
            <CookieNotice />
          </Suspense>
        )}
        {!isFooterHidden && (
          <Suspense fallback={null}>
            <SiteFooter />
          </Suspense>
        )}
      </div>
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
