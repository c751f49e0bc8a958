/**
 * The app's one session. The entry holds its stand-in (lazy-session.ts), which answers an
 * anonymous first screen from the stored auth item; the store's rules, the Firebase wrapper and
 * the client log load on first need (app-session-store.ts).
 */
import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from './constants';
import { createLazySession } from './lazy-session';
import type { SessionState } from './session-store';
import { readStorage } from './storage';

/** Server rendering of a signed-in page: the caller, as the device's stored item (src/entry-server.tsx). */
let readServerStoredAuth: () => string | null = () => null;
export function setServerStoredAuth(read: () => string | null): void {
  readServerStoredAuth = read;
}

export const session = createLazySession({
  loadSession: () => {
    // Whatever needs the store needs Firebase next (the first auth answer, a token, a sign-out):
    // its chunks start loading now, beside the store's, not one round trip after it.
    void import('./firebase').catch(() => undefined);
    return import('./app-session-store').then((sessionStore) => sessionStore.createAppSessionStore());
  },
  readStoredAuth: () => (import.meta.env.SSR ? readServerStoredAuth() : readStorage(STORAGE_KEYS.auth)),
});

/** Router context type for `auth`. */
export type AppAuth = typeof session;

export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.getState, session.getState);
}
