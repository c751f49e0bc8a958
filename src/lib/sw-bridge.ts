/**
 * The page side of the service worker (worker in sw/, protocol in ./sw-protocol.ts).
 * Registers /sw.js in production builds only, asks the registration for an update every 60 s,
 * and when a new version is found shows the update banner, tells the waiting worker to take
 * over (SKIP_WAITING) and reloads once it controls the page, so a driver never runs a page
 * against a worker from another release.
 */
import { Workbox } from 'workbox-window';
import { type PageToWorkerMessage, SKIP_WAITING } from './sw-protocol';
import { type UpdateStore, updateStore } from './sw-update-store';

export const UPDATE_CHECK_INTERVAL_MS = 60_000;
const SKIP_WAITING_MESSAGE: PageToWorkerMessage = { type: SKIP_WAITING };

/** What the update flow needs from workbox-window (an interface so unit tests can fake it). */
export type WorkboxLike = {
  addEventListener: (type: 'waiting' | 'controlling', listener: (event: { sw?: ServiceWorker }) => void) => void;
};

export type RegistrationLike = Pick<ServiceWorkerRegistration, 'update' | 'addEventListener' | 'waiting'>;

export type UpdateFlowDeps = {
  workbox: WorkboxLike;
  store: UpdateStore;
  hasController: () => boolean;
  reload: () => void;
};

/** Banner on a found or waiting worker, SKIP_WAITING to it, one reload when it takes control. */
export function wireUpdateFlow({ workbox, store, hasController, reload }: UpdateFlowDeps) {
  workbox.addEventListener('waiting', (event) => {
    store.setStatus('applying');
    event.sw?.postMessage(SKIP_WAITING_MESSAGE);
  });
  // workbox-window marks `isUpdate` only when the page was controlled at registration; after a
  // first visit (claimed by the worker) an update must reload too, so our own status decides.
  workbox.addEventListener('controlling', () => {
    if (store.getStatus() !== 'applying') return;
    store.setStatus('idle');
    reload();
  });
  return {
    onRegistered(registration: RegistrationLike) {
      registration.addEventListener('updatefound', () => {
        // The very first install is not an update: nothing to announce.
        if (hasController() && store.getStatus() === 'idle') store.setStatus('downloading');
      });
    },
  };
}

export function startUpdateChecks(registration: RegistrationLike, isOnline: () => boolean, intervalMs = UPDATE_CHECK_INTERVAL_MS) {
  const timer = setInterval(() => {
    // Offline (a garage), a check can only fail; the next one runs when there is signal.
    if (!isOnline()) return;
    registration.update().catch(() => undefined);
  }, intervalMs);
  return () => clearInterval(timer);
}

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const workbox = new Workbox('/sw.js');
  const flow = wireUpdateFlow({
    workbox,
    store: updateStore,
    hasController: () => navigator.serviceWorker.controller !== null,
    reload: () => window.location.reload(),
  });
  workbox
    .register()
    .then((registration) => {
      if (!registration) return;
      flow.onRegistered(registration);
      startUpdateChecks(registration, () => navigator.onLine);
    })
    .catch((error: unknown) => console.warn('[sw] registration failed', error));
}
