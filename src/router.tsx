/** The app router: file routes, query client + auth in context, preload on intent, scroll reset, clean query strings. */
import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { parseSearch, stringifySearch } from './lib/search-serialization';
import { session } from './lib/session';
import { routeTree } from './routeTree.gen';
import { PageError, PagePending } from './ui/page-status';

/**
 * In the browser by default; the server renderer (src/entry-server.tsx) passes a memory history
 * of the request's URL, and no scroll restoration: its inline script would need a CSP hash, and
 * the browser's router restores scroll positions itself.
 */
export function createAppRouter(queryClient: QueryClient, server?: { history: RouterHistory }) {
  return createRouter({
    routeTree,
    history: server?.history,
    context: { queryClient, auth: session },
    defaultPreload: 'intent',
    // Loaders call ensureQueryData: let TanStack Query decide freshness, not the router cache.
    defaultPreloadStaleTime: 0,
    // New navigations start at the top; back/forward restore the earlier position.
    scrollRestoration: server === undefined,
    defaultPendingComponent: PagePending,
    defaultErrorComponent: PageError,
    // Plain strings stay plain in URLs (?location=1044, not ?location=%221044%22); old quoted links still read.
    parseSearch,
    stringifySearch,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
