/**
 * The smallest app the fixed front-end stack allows (README "first-screen JS"): React DOM,
 * TanStack Router with one lazy-free route, TanStack Query with the persisted cache, using the
 * same pieces the real shell uses (RouterProvider, Link, Outlet, HeadContent, scroll restoration,
 * useQuery, PersistQueryClientProvider with the sync-storage persister). No ParkFair code at all.
 * The bundle bench builds it like the app (same target, same native useSyncExternalStore) and
 * prints its gzip size next to the first-screen budget: what is left is all the app can use.
 */
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { QueryClient, useQuery } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { createRootRoute, createRoute, createRouter, HeadContent, Link, Outlet, RouterProvider } from '@tanstack/react-router';
import { createElement as h, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

function Home() {
  const { data } = useQuery({ queryKey: ['greeting'], queryFn: () => Promise.resolve('Hello') });
  return h('p', null, data);
}

const rootRoute = createRootRoute({
  head: () => ({ meta: [{ title: 'Floor' }] }),
  component: () => h('div', null, h(HeadContent), h(Link, { to: '/' }, 'Home'), h(Outlet)),
});
const homeRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: Home });
const router = createRouter({ routeTree: rootRoute.addChildren([homeRoute]), scrollRestoration: true });
const queryClient = new QueryClient();
const persister = createSyncStoragePersister({ storage: window.localStorage });
const rootElement = document.getElementById('root');
if (rootElement) {
  createRoot(rootElement).render(
    h(StrictMode, null, h(PersistQueryClientProvider, { client: queryClient, persistOptions: { persister } }, h(RouterProvider, { router }))),
  );
}
