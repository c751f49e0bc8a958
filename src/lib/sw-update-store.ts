/**
 * Where the app stands with a new version of itself, for the update banner:
 * idle → downloading (a new worker was found and is installing) → waiting (it is installed; the
 * page reloads into it at the next safe moment) → applying (the page asked it to take over and
 * reloads when it does). A tiny external store so React reads it with useSyncExternalStore and
 * the service worker bridge needs no React.
 *
 * Safe moments are offered by whoever sees them — a navigation (the update banner, which sits
 * in the root layout), the page being hidden, the driver tapping the banner — and the bridge
 * decides (src/lib/sw-bridge.ts, with the holds of src/lib/update-holds.ts).
 */
export type UpdateStatus = 'idle' | 'downloading' | 'waiting' | 'applying';

/** What offered the moment: a tap applies whatever holds the update, the others only when nothing does. */
export type SafeMoment = 'navigation' | 'hidden' | 'tap';

export type UpdateStore = {
  getStatus: () => UpdateStatus;
  setStatus: (status: UpdateStatus) => void;
  subscribe: (listener: () => void) => () => void;
  /** The bridge's answer to a safe moment (one at a time; the last set wins). */
  setApplier: (applier: (moment: SafeMoment) => void) => void;
  offerSafeMoment: (moment: SafeMoment) => void;
};

export function createUpdateStore(initial: UpdateStatus = 'idle'): UpdateStore {
  let status = initial;
  let applier: ((moment: SafeMoment) => void) | undefined;
  const listeners = new Set<() => void>();
  return {
    getStatus: () => status,
    setStatus: (next) => {
      if (next === status) return;
      status = next;
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setApplier: (next) => {
      applier = next;
    },
    offerSafeMoment: (moment) => {
      if (status === 'waiting') applier?.(moment);
    },
  };
}

/** The app's one store, shared by src/lib/sw-bridge.ts and src/ui/update-banner.tsx. */
export const updateStore = createUpdateStore();

export function isUpdateBannerVisible(status: UpdateStatus): boolean {
  return status !== 'idle';
}

/** Only a waiting version can be applied by a tap (downloading has nothing to apply yet). */
export function canTapToApply(status: UpdateStatus): boolean {
  return status === 'waiting';
}
