/**
 * The app's one session store, wired to Firebase, local storage and client logging. Loaded on
 * first need by src/lib/session.ts (lazy-session.ts); the Firebase wrapper and the client log are
 * imported on first use in turn, so they stay out of the first screen's JS.
 */
import { STORAGE_KEYS } from './constants';
import { createSession, type Session } from './session-store';
import { readStorage, removeStorage, writeStorage } from './storage';

const loadFirebase = () => import('./firebase');

export function createAppSessionStore(): Session {
  return createSession({
    watchAuthUser: (onChange) => loadFirebase().then((firebase) => firebase.watchAuthUser(onChange)),
    getIdToken: (forceRefresh) => loadFirebase().then((firebase) => firebase.getIdToken(forceRefresh)),
    signOutUser: () => loadFirebase().then((firebase) => firebase.signOutUser()),
    readStoredAuth: () => readStorage(STORAGE_KEYS.auth),
    writeStoredAuth: (value) => writeStorage(STORAGE_KEYS.auth, value),
    removeStoredAuth: () => removeStorage(STORAGE_KEYS.auth),
    now: () => Date.now(),
    log: (event, user) =>
      void import('./client-log').then(({ logClientEvent }) => logClientEvent(event, event === 'ForcedLogout' ? 'Warning' : 'Information', event, user)),
  });
}
