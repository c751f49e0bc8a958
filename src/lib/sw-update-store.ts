/**
 * Where the app stands with a new version of itself, for the update banner:
 * idle → downloading (a new worker was found and is installing or waiting) → applying (the page
 * asked it to take over; the page reloads when it does). A tiny external store so React reads it
 * with useSyncExternalStore and the service worker bridge needs no React.
 */
export type UpdateStatus = 'idle' | 'downloading' | 'applying';

export type UpdateStore = {
  getStatus: () => UpdateStatus;
  setStatus: (status: UpdateStatus) => void;
  subscribe: (listener: () => void) => () => void;
};

export function createUpdateStore(initial: UpdateStatus = 'idle'): UpdateStore {
  let status = initial;
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
  };
}

/** The app's one store, shared by src/lib/sw-bridge.ts and src/ui/update-banner.tsx. */
export const updateStore = createUpdateStore();

export function isUpdateBannerVisible(status: UpdateStatus): boolean {
  return status !== 'idle';
}
