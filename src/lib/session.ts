/**
 * The app's one session, wired to Firebase, local storage and client logging. The Firebase
 * wrapper and the client log are imported on first use, so they stay out of the first screen's JS.
 */
import { STORAGE_KEYS } from './constants';
import { createSession, type SessionState } from './session-store';
import { readStorage, removeStorage, writeStorage } from './storage';
import { useSyncExternalStore } from 'react';

const loadFirebase = () => import('./firebase');

export const session = createSession({
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

/** Router context type for `auth`. */
export type AppAuth = typeof session;

export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.getState, session.getState);
}
