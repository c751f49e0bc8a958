/** The app router: file routes, query client + auth in context, preload on intent, scroll reset, clean query strings. */
import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { parseSearch, stringifySearch } from './lib/search-serialization';
import { session } from './lib/session';
import { routeTree } from './routeTree.gen';
import { PageError, PagePending } from './ui/page-status';

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient, auth: session },
    defaultPreload: 'intent',
    // Loaders call ensureQueryData: let TanStack Query decide freshness, not the router cache.
    defaultPreloadStaleTime: 0,
    // New navigations start at the top; back/forward restore the earlier position.
    scrollRestoration: true,
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
