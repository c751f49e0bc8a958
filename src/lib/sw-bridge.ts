/**
 * The page side of the service worker (worker in sw/, protocol in ./sw-protocol.ts).
 * Registers /sw.js in production builds only, asks the registration for an update every 60 s,
 * and when a new version is found shows the update banner. Once it is installed, the page
 * reloads into it at a safe moment: at once when nothing holds it, otherwise at the next
 * navigation, when the page is hidden, or when the driver taps the banner — never while a form
 * holds typed input, a payment is in flight or an exit pass is open (./update-holds.ts). To
 * apply, the page tells the waiting worker to take over (SKIP_WAITING) and reloads once it
 * controls the page, so a driver never runs a page against a worker from another release.
 */
import { Workbox } from 'workbox-window';
import { type PageToWorkerMessage, SKIP_WAITING } from './sw-protocol';
import { type UpdateStore, updateStore } from './sw-update-store';
import { isUpdateHeld, watchTypedInput } from './update-holds';

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
  /** True while a payment, an open exit pass or typed input must not be reloaded away. */
  isHeld: () => boolean;
};

/**
 * Banner on a found worker; once it waits, SKIP_WAITING to it at a safe moment and one reload
 * when it takes control.
 */
export function wireUpdateFlow({ workbox, store, hasController, reload, isHeld }: UpdateFlowDeps) {
  let waitingWorker: ServiceWorker | undefined;
  // Another tab may apply the update while this one is held: then only the reload is left to do.
  let isControlledByNewVersion = false;
  const apply = () => {
    if (isControlledByNewVersion) {
      store.setStatus('idle');
      reload();
      return;
    }
    store.setStatus('applying');
    waitingWorker?.postMessage(SKIP_WAITING_MESSAGE);
  };
  store.setApplier((moment) => {
    if (moment === 'tap' || !isHeld()) apply();
  });
  workbox.addEventListener('waiting', (event) => {
    waitingWorker = event.sw;
    store.setStatus('waiting');
    if (!isHeld()) apply();
  });
  // workbox-window marks `isUpdate` only when the page was controlled at registration; after a
  // first visit (claimed by the worker) an update must reload too, so our own status decides.
  workbox.addEventListener('controlling', () => {
    const status = store.getStatus();
    if (status === 'waiting') isControlledByNewVersion = true;
    if (status !== 'applying') return;
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
    isHeld: isUpdateHeld,
  });
  watchTypedInput(document, document.activeElement);
  // A hidden page (the driver switched apps or locked the phone) is a safe moment to reload,
  // unless something holds the update: then it waits for the next one.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') updateStore.offerSafeMoment('hidden');
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
