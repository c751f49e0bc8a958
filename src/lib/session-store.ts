/**
 * The auth session (spec 1 §4 "Authentication (session basics)", spec 2 §4 "Auth session").
 *
 * Firebase Auth is the source of truth; this store mirrors it for React and the router:
 * - `status` is 'unknown' until Firebase reported the first user (or none): that is the ready
 *   flag protected routes wait for (`whenReady()`).
 * - Firebase is loaded lazily: `start()` is called after first paint by main.tsx, or at once by
 *   `whenReady()` (protected routes) and `getToken()` when a token may exist.
 * - Sign-ins made in this page are reported by the sign-in flows (`recordSignIn`): that sets the
 *   sign-in time the 15-minute staleness counts from and writes the Login log record.
 * - The stored auth item `pf-auth` holds the signed-in user's profile and sign-in time (no
 *   token: Firebase keeps its own credentials). Its presence tells the API client a token is
 *   worth waiting for, so anonymous visitors never pay for loading Firebase on public calls.
 * - Saved data (tickets, passes, kept QR matrices) belongs to the user in `pf-auth`, and only an
 *   explicit Logout (or another account signing in) removes it. A forced sign-out (a 401 the
 *   token refresh did not cure, the identity service unreachable, Firebase reporting nobody
 *   without a Logout) keeps it and marks the item `isExpired`: the driver is signed out of
 *   writes, and the gate pages still show the ticket and the exit pass of a car that is parked.
 *   The item's absence therefore means "logged out": another tab's Logout clears this one too.
 * Dependencies are injected so the rules are unit-tested without Firebase.
 */
import { parseStoredAuth, storedProfile, type StoredAuth } from './stored-auth';

/** The user as the Firebase wrapper reports it (structurally its AuthUserSnapshot). */
export type AuthUserSnapshot = {
  uid: string;
  email: string | null;
  phoneNumber: string | null;
  displayName: string | null;
  emailVerified: boolean;
};

export type SessionStatus = 'unknown' | 'signed-in' | 'signed-out';
export type SessionUser = AuthUserSnapshot & { signinTime: number };
export type SessionState = {
  status: SessionStatus;
  user: SessionUser | null;
  isEmailVerified: boolean;
  /** Signed out by force while this device keeps the driver's saved tickets and passes. */
  isExpired: boolean;
};
export type SessionLogEvent = 'Login' | 'Logout' | 'ForcedLogout';
export type SignOutOptions = { isForced?: boolean };

export type SessionDeps = {
  watchAuthUser: (onChange: (user: AuthUserSnapshot | null) => void) => Promise<() => void>;
  getIdToken: (forceRefresh: boolean) => Promise<string | null>;
  signOutUser: () => Promise<void>;
  readStoredAuth: () => string | null;
  writeStoredAuth: (value: string) => void;
  removeStoredAuth: () => void;
  now: () => number;
  log: (event: SessionLogEvent, user: SessionUser | null) => void;
};

export type SessionHooks = {
  /** Drops the signed-in user's cached data (monthly contracts and every `['me', …]` query). */
  clearUserData?: () => void;
  /** Navigation after sign-out: Home, or sign-in with expired=true when forced. */
  onSignedOut?: (options: { isForced: boolean }) => void;
};

export type Session = ReturnType<typeof createSession>;

/**
 * Whether the device's saved driver data (tickets, passes, kept QR matrices) is `uid`'s: it
 * belongs to the user of the stored item. With no item it belongs to nobody: a Logout removes the
 * item first and the data just after, so a Logout cut off in between (the tab killed within the
 * persister's second) leaves data that no later sign-in may see.
 */
const isOwnedBy = (stored: StoredAuth | null, uid: string): boolean => stored?.uid === uid;

const SIGNED_OUT: SessionState = { status: 'signed-out', user: null, isEmailVerified: false, isExpired: false };

export function createSession(deps: SessionDeps) {
  let state: SessionState = { status: 'unknown', user: null, isEmailVerified: false, isExpired: parseStoredAuth(deps.readStoredAuth())?.isExpired ?? false };
  let hooks: SessionHooks = {};
  const listeners = new Set<() => void>();
  let startPromise: Promise<void> | undefined;
  let resolveReady: (() => void) | undefined;
  const ready = new Promise<void>((resolve) => (resolveReady = resolve));
  let signOutPromise: Promise<void> | undefined;
  /** A sign-in recorded before Firebase reported that user: its Login record waits for the profile. */
  let pendingLoginUid: string | undefined;

  function setState(next: SessionState): void {
    state = next;
    for (const listener of listeners) listener();
  }

  function writeStoredAuth(user: Pick<SessionUser, 'uid' | 'displayName' | 'email' | 'phoneNumber' | 'signinTime'>): void {
    deps.writeStoredAuth(JSON.stringify({ uid: user.uid, displayName: user.displayName, email: user.email, phone: user.phoneNumber, signinTime: user.signinTime }));
  }

  /** Logout: the stored item and every piece of the driver's saved data go. */
  function clearLocalSession(): void {
    deps.removeStoredAuth();
    hooks.clearUserData?.();
    setState(SIGNED_OUT);
  }

  /**
   * Signed out without a Logout: the saved data stays (its owner is still the stored item's
   * user), marked expired so the screens say the driver must sign in again to pay or change.
   */
  function expireLocalSession(stored: StoredAuth): void {
    if (!stored.isExpired) deps.writeStoredAuth(JSON.stringify({ ...stored, isExpired: true }));
    setState({ ...SIGNED_OUT, isExpired: true });
  }

  function handleAuthUser(snapshot: AuthUserSnapshot | null): void {
    const previous = state;
    if (!snapshot) {
      const stored = parseStoredAuth(deps.readStoredAuth());
      // No stored item: nobody was signed in here, or a Logout (in this tab or another) removed it.
      if (stored) expireLocalSession(stored);
      else if (previous.status !== 'signed-out') clearLocalSession();
      resolveReady?.();
      return;
    }
    const stored = parseStoredAuth(deps.readStoredAuth());
    // Another account than the one whose data is cached (also across reloads), or data nobody
    // owns any more (no stored item: a Logout cut off before its clearing was saved): drop it.
    if (!isOwnedBy(stored, snapshot.uid) || (previous.user && previous.user.uid !== snapshot.uid)) hooks.clearUserData?.();
    // The listener also fires on every token refresh: those keep the time of the last sign-in.
    const signinTime = stored?.uid === snapshot.uid ? stored.signinTime : deps.now();
    const user: SessionUser = { ...snapshot, signinTime };
    writeStoredAuth(user);
    const isSameUser = previous.user?.uid === user.uid;
    setState({ status: 'signed-in', user, isEmailVerified: snapshot.emailVerified || (isSameUser && previous.isEmailVerified), isExpired: false });
    // Only a sign-in made in this page is a Login: not a restored session, a token refresh or a
    // sign-in in another tab (Firebase reports those here too).
    if (pendingLoginUid === user.uid) {
      pendingLoginUid = undefined;
      deps.log('Login', user);
    }
    resolveReady?.();
  }

  function start(): Promise<void> {
    startPromise ??= deps.watchAuthUser(handleAuthUser).then(
      () => undefined,
      (error: unknown) => {
        // Firebase could not load (offline before the chunk was cached): behave as signed out
        // for now, keep the stored item, and let a later call try again.
        console.error('Auth could not start', error);
        startPromise = undefined;
        if (state.status === 'unknown') setState({ ...SIGNED_OUT, isExpired: state.isExpired });
        resolveReady?.();
      },
    );
    return startPromise;
  }

  async function whenReady(): Promise<SessionState> {
    void start();
    await ready;
    return state;
  }

  /**
   * The ID token for API calls. Anonymous visitors (nothing stored, Firebase not loaded) get null
   * at once; a forced refresh always asks Firebase, which answers null when nobody is signed in.
   */
  async function getToken(forceRefresh = false): Promise<string | null> {
    if (!forceRefresh) {
      if (state.status === 'signed-out' || state.isExpired) return null;
      if (state.status === 'unknown' && !deps.readStoredAuth()) return null;
    }
    const current = await whenReady();
    if (current.status !== 'signed-in' && !forceRefresh) return null;
    return deps.getIdToken(forceRefresh);
  }

  /**
   * Logout clears everything personal; a forced sign-out (the API client's 401) signs Firebase
   * out and keeps the saved data readable (expireLocalSession). A forced sign-out of a session
   * already expired does nothing: the gate pages keep refreshing with no token and get 401s.
   */
  function signOut({ isForced = false }: SignOutOptions = {}): Promise<void> {
    if (isForced && state.isExpired && !signOutPromise) return Promise.resolve();
    signOutPromise ??= (async () => {
      deps.log(isForced ? 'ForcedLogout' : 'Logout', state.user);
      try {
        await deps.signOutUser();
      } catch (error: unknown) {
        console.error('Sign-out failed', error);
      }
      const stored = parseStoredAuth(deps.readStoredAuth());
      if (isForced && stored) expireLocalSession(stored);
      else clearLocalSession();
      hooks.onSignedOut?.({ isForced });
    })().finally(() => {
      signOutPromise = undefined;
    });
    return signOutPromise;
  }

  return {
    getState: (): SessionState => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    configure(next: SessionHooks): void {
      hooks = { ...hooks, ...next };
    },
    start,
    whenReady,
    getToken,
    signOut,
    /**
     * The profile stored by the last session on this device, while Firebase has not reported yet
     * (null once it has, or when nothing is stored): the header shows the account links at once,
     * as protected routes open at once, instead of Sign In and then a longer subnav.
     */
    storedUser(): Pick<StoredAuth, 'displayName' | 'email'> | null {
      return state.status === 'unknown' ? storedProfile(deps.readStoredAuth()) : null;
    },
    /**
     * This device keeps a driver's saved tickets and passes (signed in, or signed out without a
     * Logout): the gate pages open from them whatever Firebase says.
     */
    holdsSavedData(): boolean {
      return state.status === 'signed-in' || deps.readStoredAuth() !== null;
    },
    /** Set from the accounts API (true only when its text is "true"). */
    setEmailVerified(isEmailVerified: boolean): void {
      if (state.status === 'signed-in') setState({ ...state, isEmailVerified });
    },
    /**
     * Spec 2 §4 step 6: a successful sign-in records the sign-in time (and writes the Login log
     * record). Called by every sign-in (page, park-and-pay, legacy, the re-authentication in the
     * sign-in modal) with the signed-in uid. Firebase does not report a new sign-in of the user
     * already signed in as an auth change, so without this a re-authentication would leave the
     * session stale; and a first sign-in may happen before the session store started listening.
     */
    recordSignIn(uid: string): void {
      const signinTime = deps.now();
      // Saved data of another account (kept after a forced sign-out), or of nobody, is not this driver's.
      const stored = parseStoredAuth(deps.readStoredAuth());
      if (!isOwnedBy(stored, uid) && state.user?.uid !== uid) hooks.clearUserData?.();
      if (state.user?.uid === uid) {
        const user = { ...state.user, signinTime };
        writeStoredAuth(user);
        setState({ ...state, user });
        deps.log('Login', user);
      } else {
        pendingLoginUid = uid;
        // Firebase has not reported this user yet: the stored item carries the time to handleAuthUser.
        writeStoredAuth({ uid, displayName: null, email: null, phoneNumber: null, signinTime });
      }
    },
    /** Spec 1 §4: a session is stale 15 minutes after the latest sign-in. */
    isStale(staleAfterMs: number): boolean {
      return state.user ? deps.now() - state.user.signinTime > staleAfterMs : true;
    },
  };
}
