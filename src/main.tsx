/**
 * Entry: query client with persistence, router, session wiring, error reporting, page views,
 * service worker. Firebase is not part of the first screen: it loads when the browser is idle
 * if this device has a signed-in user, or on demand (protected route, token needed, sign-in).
 */
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { signInHref } from './lib/auth-links';
import { STORAGE_KEYS } from './lib/constants';
import { installErrorReporting } from './lib/error-reporting';
import { logPageView } from './lib/page-view';
import { clearUserQueries, createPersistOptions, createQueryClient } from './lib/query-client';
import { session } from './lib/session';
import { readStorage } from './lib/storage';
import { createAppRouter } from './router';
import './styles/app.css';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

session.configure({
  clearUserData: () => clearUserQueries(queryClient),
  onSignedOut: ({ isForced }) => {
    if (isForced) {
      const { pathname, searchStr } = router.state.location;
      void router.navigate({ href: signInHref(`${pathname}${searchStr}`, { isExpired: true }), replace: true });
    } else {
      void router.navigate({ to: '/' });
    }
  },
});

// Auth changes (sign-in, sign-out in another tab, expiry) re-run route guards.
let lastStatus = session.getState().status;
session.subscribe(() => {
  const { status } = session.getState();
  if (status !== lastStatus && lastStatus !== 'unknown') void router.invalidate();
  lastStatus = status;
});

installErrorReporting(() => session.getState().user);

router.subscribe('onResolved', ({ toLocation, pathChanged }) => {
  // After the render that swaps the page, so document.title belongs to the new page.
  if (pathChanged) setTimeout(() => logPageView(toLocation.pathname, document.title), 0);
});

const rootElement = document.getElementById('root');
if (rootElement) {
  createRoot(rootElement).render(
    <StrictMode>
      <PersistQueryClientProvider client={queryClient} persistOptions={createPersistOptions(window.localStorage)}>
        <RouterProvider router={router} />
      </PersistQueryClientProvider>
    </StrictMode>,
  );
}

function afterFirstPaint(task: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(task, { timeout: 4000 });
  else setTimeout(task, 1500);
}

afterFirstPaint(() => {
  // Loaded after first paint: workbox-window is not needed to show the first screen.
  void import('./lib/sw-bridge').then(({ registerServiceWorker }) => registerServiceWorker());
  if (readStorage(STORAGE_KEYS.auth)) void session.start();
});
