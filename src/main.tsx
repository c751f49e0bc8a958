/**
 * The app, loaded by the entry (src/boot.ts) once React DOM is evaluated: query client with persistence, router, session wiring, error reporting, page views,
 * service worker. Error reporting and the service worker bridge load after the first paint.
 * Firebase is not part of the first screen: it loads when the browser is idle if this device has
 * a signed-in user, or on demand (protected route, token needed, sign-in).
 */
import { hydrate, QueryClientProvider } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSubscribe } from '@tanstack/react-query-persist-client';
import { RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { signInHref } from './lib/auth-links';
import { STORAGE_KEYS } from './lib/constants';
import { beginHydration, markRootHydrated } from './lib/hydration';
import { watchInstallation } from './lib/install-prompt';
import { logPageView } from './lib/page-view';
import { clearUserQueries, createPersistOptions, createQueryClient, savePersistedCacheNow } from './lib/query-client';
import { session } from './lib/session';
import { isGatePath } from './lib/session-gate';
import { readStorage } from './lib/storage';
import { bannersQueryOptions } from './features/content/banners-query';
import { isResolvedPath } from './lib/unknown-path';
import { createAppRouter } from './router';
import { routeTree } from './routeTree.stage1.gen';
import { readServerState } from './server-state';
import { loadPageError } from './ui/page-status';

// Error reporting loads after the first paint; errors before that (from this module's evaluation
// on, the app's start included) are kept and reported then.
const earlyErrors: Array<ErrorEvent | PromiseRejectionEvent> = [];
const keepEarlyError = (event: ErrorEvent | PromiseRejectionEvent): void => void earlyErrors.push(event);
window.addEventListener('error', keepEarlyError);
window.addEventListener('unhandledrejection', keepEarlyError);

/**
 * Renders nothing: its effect runs once React has attached to the server's markup (hydrated or
 * rendered over it), and gives back what was typed and tapped before (src/lib/early-input.ts,
 * loaded then: it is not needed to draw anything).
 */
function OnAttached() {
  useEffect(() => {
    // The parts drawn differently once hydrated (cookie notice, head tags…) re-render now, in a
    // transition (src/lib/hydration.ts). This effect runs after those of the router's tree.
    markRootHydrated();
    // replayEarlyInput stops index.html's keeping itself: until it has loaded, a tap or a typed
    // value still goes to the kept list and is replayed (a tap in between would reach a form whose
    // kept values are not given back yet: an empty lot code). Should the chunk not load, stop.
    import('./lib/early-input').then(
      (earlyInput) => earlyInput.replayEarlyInput(),
      () => (window.__pfAttached = true),
    );
  }, []);
  return null;
}

/**
 * The app: query client, router, session wiring, page views, then the page drawn or hydrated.
 * It starts one task after this chunk is evaluated: the chunk's libraries (TanStack Router and
 * Query) and modules, then creating the router and resolving the page, were one task of 50–75 ms
 * at 1x on a 2-core machine, before the page was interactive (issue 16 item 3; `npm run bench --
 * --only=long-tasks`). The router resolves the page in a task of its own again (hydrateApp).
 */
function startApp(): void {
  // The browser's install offer is kept by index.html (window.__pfInstallPrompt); it goes once the app is installed.
  watchInstallation();

  const queryClient = createQueryClient();
  // The route tree's first stage; the rest loads after the first page, or before it when it is a
  // second-stage page, or when a navigation or a link's preload asks for one (src/route-stages.ts).
  const router = createAppRouter(queryClient, { routeTree, loadFullTree: () => import('./routeTree.gen') });
  const { routeStages } = router.options.context;

  session.configure({
    clearUserData: () => {
      clearUserQueries(queryClient);
      // The device's exit passes too (idb-keyval stays out of the entry chunk).
      void import('./lib/offline-store').then((offlineStore) => offlineStore.clearExitPasses());
    },
    onSignedOut: ({ isForced }) => {
      if (isForced) {
        const { pathname, searchStr } = router.state.location;
        // A gate page keeps showing the saved ticket and pass, and says the driver is signed out.
        if (isGatePath(pathname)) return;
        void router.navigate({ href: signInHref(`${pathname}${searchStr}`, { isExpired: true }), replace: true });
      } else {
        void router.navigate({ to: '/' });
      }
    },
  });

  // Auth changes (sign-in, sign-out in another tab, expiry) re-run route guards. So does the first
  // answer when it is "signed out": protected pages open at once on a device with a stored user
  // (routes/_authenticated.tsx), and Firebase may disagree once it has loaded.
  let lastStatus = session.getState().status;
  session.subscribe(() => {
    const { status } = session.getState();
    if (status !== lastStatus && (lastStatus !== 'unknown' || status === 'signed-out')) void router.invalidate();
    lastStatus = status;
  });

  router.subscribe('onResolved', ({ toLocation, pathChanged }) => {
    // After the render that swaps the page, so document.title belongs to the new page.
    if (pathChanged) setTimeout(() => logPageView(toLocation.pathname, document.title), 0);
  });

  // The chunks of the page being opened start loading now, while React renders the shell: the
  // router asks for them only after its first render, and on a cold start (offline at the gate,
  // exit pass) that is a few hundred milliseconds on a slow phone. Failures surface in the router.
  // The page's own route first: it is the largest, and each import starts its fetch in a later task.
  function loadOpeningChunks(): void {
    const [openingRoutes] = router.getMatchedRoutes(window.location.pathname);
    for (const route of [...openingRoutes].reverse()) void router.loadRouteChunk(route)?.catch(() => undefined);
  }
  // A second-stage page opened cold (a signed-in page, the session at the gate): the first render
  // waits for the rest of the route tree, whose chunk index.html's gate preload fetches beside the
  // entry for the gate pages. Should it fail to load, the page renders and the catch route says so.
  const openingRoutesReady = isResolvedPath(router, window.location.pathname) ? undefined : routeStages.complete().catch(() => undefined);
  if (openingRoutesReady) void openingRoutesReady.then(loadOpeningChunks);
  else loadOpeningChunks();

  // A ticket fetched less than a second before the page is closed or reloaded is written now, not
  // lost with the persister's throttle timer; only after the stored cache was restored (before
  // that, saving would overwrite it with an empty one).
  let isCacheRestored = false;
  const saveCacheIfRestored = () => {
    if (isCacheRestored) savePersistedCacheNow(queryClient, window.localStorage);
  };
  window.addEventListener('pagehide', saveCacheIfRestored);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') saveCacheIfRestored();
  });

  /** The app's tree; `extra` renders beside the router, inside the query client. */
  const app = (extra?: ReactNode) => (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        {extra}
      </QueryClientProvider>
    </StrictMode>
  );

  /** The saved copy of the query cache, then saving it on every change. A copy that cannot be read is removed by the restore; the app then goes on without it. */
  async function restoreSavedCache(): Promise<void> {
    const persistOptions = { ...createPersistOptions(window.localStorage), queryClient };
    await persistQueryClientRestore(persistOptions).catch(() => undefined);
    isCacheRestored = true;
    persistQueryClientSubscribe(persistOptions);
  }

  /**
   * Renders the app in the browser (offline shell, signed-in pages). The saved copy is restored
   * first: from synchronous storage that is a few microtasks in this task, so a returning driver's
   * session draws its ticket in the first render, not "Loading..." and a second render a frame later.
   */
  async function renderApp(): Promise<void> {
    const rootElement = document.getElementById('root');
    await Promise.all([restoreSavedCache(), openingRoutesReady]);
    // A page the server drew came with its data: resolved first, it is drawn in one pass rather
    // than drawn, then re-rendered at once as the router settles (elsewhere a slow loader would
    // keep the shell up without the page's "Loading...").
    if (serverState) await router.load();
    // In a transition, React renders in slices (a signed-in session was one task of 30–45 ms at
    // 1x); the server's markup or the shell stays until the commit, and taps on it are kept by
    // index.html until then (src/lib/early-input.ts gives the last one to its new button).
    if (rootElement) startTransition(() => createRoot(rootElement).render(app(<OnAttached />)));
  }

  /**
   * A server-rendered page (README "Server rendering") is hydrated: the router resolves the page
   * from the server's query cache (its loaders find their data, its chunks are loading already),
   * then React attaches to the server's markup. The stored cache is restored after that: it is
   * older than the server's data, and restoring first would make the first render wait on it.
   */
  async function hydrateApp(rootElement: HTMLElement): Promise<void> {
    // The server rendered without Suspense around the page tree; the router renders the same way when it knows.
    router.ssr = { manifest: undefined };
    await openingRoutesReady;
    // A task of its own: creating the router and resolving the page were one long task together.
    await new Promise((resolve) => setTimeout(resolve, 0));
    await router.load();
    // In a transition, hydration yields to the browser every few milliseconds instead of running as
    // one long task: the page is already drawn, and a tap meanwhile is replayed once it is attached.
    beginHydration();
    startTransition(() => {
      // What was typed and tapped before this point was kept by index.html (src/lib/early-input.ts).
      hydrateRoot(rootElement, app(<OnAttached />));
    });
    await restoreSavedCache();
  }

  // The server sends public pages rendered, with the query cache it used (src/entry-server.tsx).
  // A device holding a sign-in or a kept exit pass draws them differently (account links, "Your
  // car at …"), so there the app renders over the server's markup as over the offline shell.
  const serverState = readServerState();
  const rootElement = document.getElementById('root');
  if (serverState) hydrate(queryClient, serverState.queries);
  const canHydrate = serverState?.isHydratable === true && readStorage(STORAGE_KEYS.auth) === null && readStorage(STORAGE_KEYS.exitPassQr) === null;

  // Announcement banners sit above the page. The server's pages carry them; on the offline shell
  // (or an online navigation to a page rendered in the browser) on a first visit, with nothing
  // stored, the page would be drawn without them and pushed down when they arrive (a layout
  // shift): the first render waits for them, at most FIRST_VISIT_BANNER_WAIT_MS, while the page's
  // chunks load anyway. Later visits draw them from the restored cache at once.
  const FIRST_VISIT_BANNER_WAIT_MS = 400;
  if (canHydrate && rootElement) {
    // Should the page fail to resolve, taps must not stay kept (index.html) on a page that never attaches.
    hydrateApp(rootElement).catch((error: unknown) => {
      window.__pfAttached = true;
      throw error;
    });
  } else if (serverState === undefined && readStorage(STORAGE_KEYS.queryCache) === null) {
    const waited = new Promise((resolve) => setTimeout(resolve, FIRST_VISIT_BANNER_WAIT_MS));
    void Promise.race([queryClient.prefetchQuery(bannersQueryOptions), waited]).then(renderApp);
  } else {
    void renderApp();
  }

  /**
   * Once the page being opened has resolved (its chunks loaded; at most 3 s), at the browser's next
   * idle moment. Not just "idle": on a slow phone the browser is idle while it waits for the page's
   * chunks, and Firebase (~150 KB) parsed then delays the page (the exit pass at the gate).
   */
  function afterFirstPage(task: () => void): void {
    let isStarted = false;
    const start = (): void => {
      if (isStarted) return;
      isStarted = true;
      unsubscribe();
      if ('requestIdleCallback' in window) window.requestIdleCallback(task, { timeout: 4000 });
      else setTimeout(task, 1500);
    };
    const unsubscribe = router.subscribe('onResolved', start);
    setTimeout(start, 3000);
  }

  afterFirstPage(() => {
    // Not the rest of the route tree: joining it (evaluating ~70 route definitions, then the
    // router's table built again) was one task of 50–75 ms at 4× CPU on every public page, after
    // its first paint (issue 16 item 4's blocking time). It joins when a link to a signed-in page
    // is preloaded (hover, touch) or followed, through the catch routes (lib/unknown-path.ts),
    // from the worker's precache once installed (README "The route tree comes in two stages").
    void import('./lib/error-reporting').then((errorReporting) => {
      window.removeEventListener('error', keepEarlyError);
      window.removeEventListener('unhandledrejection', keepEarlyError);
      errorReporting.installErrorReporting(() => session.getState().user, earlyErrors.splice(0));
    });
    // Loaded after first paint: workbox-window is not needed to show the first screen. The update
    // banner's chunk (routes/__root.tsx) first: it must be in memory before the worker can report
    // a new version, which replaces the files it would be fetched from.
    void Promise.all([import('./lib/sw-bridge'), import('./ui/update-banner')]).then(([{ registerServiceWorker }]) => registerServiceWorker());
    if (readStorage(STORAGE_KEYS.auth)) void session.start();
    // The error page's chunk, in memory before a dropped connection can need it (a first visit's
    // service worker may not have precached it yet).
    void loadPageError().catch(() => undefined);
  });
}

setTimeout(startApp, 0);
