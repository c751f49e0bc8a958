/** The app router: file routes, query client + auth in context, preload on intent, scroll reset, clean query strings. */
import type { QueryClient } from '@tanstack/react-query';
import { type AnyRoute, createRouter, type RouterHistory } from '@tanstack/react-router';
import { parseSearch, stringifySearch } from './lib/search-serialization';
import { session } from './lib/session';
import type { RouteStages } from './lib/unknown-path';
import type { routeTree as fullRouteTree } from './routeTree.gen';
import { hasServerState } from './server-state';
import { PageError, PagePending } from './ui/page-status';

export type RouteTreeOptions = {
  /** The route tree the router starts with. */
  routeTree: AnyRoute;
  /**
   * Loads the full tree when `routeTree` is its first stage (src/route-stages.ts): the browser's
   * entry chunk holds the first stage, the rest comes with `routeTree.gen.ts`. Absent: complete.
   */
  loadFullTree?: () => Promise<unknown>;
};

/**
 * In the browser by default; the server renderer (src/entry-server.tsx) passes a memory history
 * of the request's URL, and no scroll restoration: its inline script would need a CSP hash, and
 * the browser's router restores scroll positions itself.
 */
export function createAppRouter(queryClient: QueryClient, { routeTree, loadFullTree }: RouteTreeOptions, server?: { history: RouterHistory }) {
  let isComplete = loadFullTree === undefined;
  let joining: Promise<void> | undefined;
  const routeStages: RouteStages = {
    isComplete: () => isComplete,
    complete: () =>
      (joining ??= (loadFullTree?.() ?? Promise.resolve()).then(
        () => {
          // Both trees are the same root route: loading routeTree.gen.ts gives it all its children,
          // so router.update() would see no new tree; the router's route table is rebuilt instead.
          if (!isComplete) router.setRoutes(router.buildRouteTree());
          isComplete = true;
        },
        (error: unknown) => {
          // Offline before the worker had precached it: the next navigation tries again.
          joining = undefined;
          throw error;
        },
      )),
  };
  // A server-rendered document is on screen, and scrollable, before the app attaches: the browser
  // has put its scroll where it belongs (the top, an anchor, a reload's position) and the visitor
  // may have scrolled on since, towards a button. The router's first render leaves the window
  // where it is: its reset to the top moved a slow phone's page from under the finger, and the tap
  // landed elsewhere (tests/e2e/early-scroll.spec.ts). Later navigations scroll as usual.
  let isFirstRender = true;
  const shouldRestoreScroll = (): boolean => {
    const isFirst = isFirstRender;
    isFirstRender = false;
    return !(isFirst && hasServerState());
  };
  const router = createRouter({
    // Typed as the full tree whichever stage it starts with: typed links to second-stage pages
    // are checked, and the catch routes join the rest before such a page is matched.
    routeTree: routeTree as typeof fullRouteTree,
    history: server?.history,
    context: { queryClient, auth: session, routeStages },
    defaultPreload: 'intent',
    // Loaders call ensureQueryData: let TanStack Query decide freshness, not the router cache.
    defaultPreloadStaleTime: 0,
    // New navigations start at the top; back/forward restore the earlier position.
    scrollRestoration: server === undefined && shouldRestoreScroll,
    defaultPendingComponent: PagePending,
    defaultErrorComponent: PageError,
    // Plain strings stay plain in URLs (?location=1044, not ?location=%221044%22); old quoted links still read.
    parseSearch,
    stringifySearch,
  });
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
