/**
 * The session as the entry chunk holds it: the same interface as the store (session-store.ts),
 * whose code loads on first need (`start()`, `whenReady()`, a token while a sign-in is stored, a
 * sign-in or sign-out). Until then it answers from the stored auth item alone, which is all an
 * anonymous visitor's first screen asks: status 'unknown', the stored profile for the header,
 * no token. Every first screen carries this (~0.3 KB) instead of the store's rules (~1 KB).
 *
 * Once loaded, every call goes to the store, and its changes reach the listeners subscribed here.
 * Should the store's chunk not load (offline before the service worker kept it), the session
 * behaves as the store does when Firebase cannot load: signed out for now, the stored item kept,
 * and the next call tries again.
 */
import type { Session, SessionHooks, SessionState } from './session-store';
import { parseStoredAuth, storedProfile } from './stored-auth';

export type LazySessionOptions = {
  /** Loads the store's code and creates the app's one store. */
  loadSession: () => Promise<Session>;
  readStoredAuth: () => string | null;
};

export function createLazySession({ loadSession, readStoredAuth }: LazySessionOptions): Session {
  const isExpired = parseStoredAuth(readStoredAuth())?.isExpired ?? false;
  // The store's own first state; replaced by "signed out" if its chunk cannot load.
  let stateBeforeLoad: SessionState = { status: 'unknown', user: null, isEmailVerified: false, isExpired };
  let hooks: SessionHooks = {};
  const listeners = new Set<() => void>();
  const notify = (): void => listeners.forEach((listener) => listener());
  let store: Session | undefined;
  let loading: Promise<Session> | undefined;

  function load(): Promise<Session> {
    loading ??= loadSession().then(
      (loaded) => {
        loaded.configure(hooks);
        loaded.subscribe(notify);
        store = loaded;
        notify();
        return loaded;
      },
      (error: unknown) => {
        console.error('Auth could not start', error);
        loading = undefined;
        stateBeforeLoad = { ...stateBeforeLoad, status: 'signed-out' };
        notify();
        throw error;
      },
    );
    return loading;
  }

  return {
    getState: () => store?.getState() ?? stateBeforeLoad,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    configure(next) {
      hooks = { ...hooks, ...next };
      store?.configure(next);
    },
    start: () => load().then((loaded) => loaded.start(), () => undefined),
    whenReady: () => load().then((loaded) => loaded.whenReady(), () => stateBeforeLoad),
    // Anonymous visitors (nothing stored) get null without loading anything, as the store answers them.
    getToken: (forceRefresh = false) =>
      !forceRefresh && !store && readStoredAuth() === null ? Promise.resolve(null) : load().then((loaded) => loaded.getToken(forceRefresh), () => null),
    signOut: (options) => load().then((loaded) => loaded.signOut(options)),
    storedUser: () => (store ? store.storedUser() : storedProfile(readStoredAuth())),
    holdsSavedData: () => (store ? store.holdsSavedData() : readStoredAuth() !== null),
    // Only a signed-in store has a flag to set, and a staleness to measure.
    setEmailVerified: (isEmailVerified) => store?.setEmailVerified(isEmailVerified),
    isStale: (staleAfterMs) => store?.isStale(staleAfterMs) ?? true,
    recordSignIn(uid) {
      if (store) store.recordSignIn(uid);
      else void load().then((loaded) => loaded.recordSignIn(uid), () => undefined);
    },
  };
}
