import { describe, expect, it, vi } from 'vitest';
import { createSession, type AuthUserSnapshot, type SessionDeps } from './session-store';

const alice: AuthUserSnapshot = { uid: 'u1', email: 'alice@example.com', phoneNumber: '+12125550123', displayName: 'Alice', emailVerified: false };

function setup(stored: string | null = null) {
  let emit: (user: AuthUserSnapshot | null) => void = () => undefined;
  let storage = stored;
  const clock = { now: 1_000_000 };
  const deps = {
    watchAuthUser: vi.fn(async (onChange: (user: AuthUserSnapshot | null) => void) => {
      emit = onChange;
      return () => undefined;
    }),
    getIdToken: vi.fn(async (force: boolean) => (force ? 'fresh' : 'cached')),
    signOutUser: vi.fn(async () => undefined),
    readStoredAuth: () => storage,
    writeStoredAuth: (value: string) => {
      storage = value;
    },
    removeStoredAuth: () => {
      storage = null;
    },
    now: () => clock.now,
    log: vi.fn<SessionDeps['log']>(),
  } satisfies SessionDeps;
  const session = createSession(deps);
  return { session, deps, clock, emit: (user: AuthUserSnapshot | null) => emit(user), storage: () => storage };
}

describe('session', () => {
  it('is not ready until Firebase reports the first user', async () => {
    const { session, emit } = setup();
    const ready = session.whenReady();
    let isSettled = false;
    void ready.then(() => (isSettled = true));
    await Promise.resolve();
    expect(isSettled).toBe(false);
    emit(alice);
    await expect(ready).resolves.toMatchObject({ status: 'signed-in', user: { uid: 'u1' } });
  });

  it('does not load Firebase for an anonymous token request', async () => {
    const { session, deps } = setup();
    await expect(session.getToken()).resolves.toBeNull();
    expect(deps.watchAuthUser).not.toHaveBeenCalled();
  });

  it('waits for Firebase when a signed-in user is stored, then returns the token', async () => {
    const { session, deps, emit } = setup(JSON.stringify({ uid: 'u1', signinTime: 5 }));
    const token = session.getToken();
    await Promise.resolve();
    expect(deps.watchAuthUser).toHaveBeenCalledTimes(1);
    emit(alice);
    await expect(token).resolves.toBe('cached');
    expect(session.getState().user?.signinTime).toBe(5);
  });

  it("offers the stored profile until Firebase reports, then only Firebase's answer counts", async () => {
    const { session, emit } = setup(JSON.stringify({ uid: 'u1', displayName: 'Alice', email: null, signinTime: 5 }));
    expect(session.storedUser()).toEqual({ displayName: 'Alice', email: null });
    void session.start();
    await Promise.resolve();
    emit(alice);
    expect(session.storedUser()).toBeNull();
    expect(setup('{corrupt').session.storedUser()).toBeNull();
    expect(setup().session.storedUser()).toBeNull();
  });

  it('stores the auth item; logs Login for a sign-in made in this page, not for a restored session or a token refresh', async () => {
    const { session, deps, emit, storage } = setup();
    void session.start();
    await Promise.resolve();
    emit(null);
    emit(alice);
    emit(alice);
    expect(JSON.parse(storage() ?? '{}')).toMatchObject({ uid: 'u1', signinTime: 1_000_000 });
    // Firebase reports a user here also when another tab signed in: no Login record for that.
    expect(deps.log).not.toHaveBeenCalled();
    session.recordSignIn('u1');
    expect(deps.log).toHaveBeenCalledTimes(1);
    expect(deps.log).toHaveBeenCalledWith('Login', expect.objectContaining({ uid: 'u1', signinTime: 1_000_000 }));
  });

  it('logs Login once for a first sign-in made before the session listened to Firebase (the /sign-in page)', async () => {
    const { session, deps, emit } = setup();
    // The flow signs in with Firebase, records it, then starts the session (waitForSignedIn).
    session.recordSignIn('u1');
    expect(deps.log).not.toHaveBeenCalled();
    void session.start();
    await Promise.resolve();
    emit(alice);
    emit(alice);
    expect(deps.log).toHaveBeenCalledTimes(1);
    expect(deps.log).toHaveBeenCalledWith('Login', expect.objectContaining({ uid: 'u1', displayName: 'Alice', signinTime: 1_000_000 }));
  });

  it('sign-out clears user, email-verified flag, stored item and user data, then goes Home', async () => {
    const { session, deps, emit, storage } = setup();
    const clearUserData = vi.fn();
    const onSignedOut = vi.fn();
    session.configure({ clearUserData, onSignedOut });
    void session.start();
    await Promise.resolve();
    emit(alice);
    session.setEmailVerified(true);
    await session.signOut();
    expect(deps.signOutUser).toHaveBeenCalled();
    expect(session.getState()).toEqual({ status: 'signed-out', user: null, isEmailVerified: false, isExpired: false });
    expect(session.holdsSavedData()).toBe(false);
    expect(storage()).toBeNull();
    expect(clearUserData).toHaveBeenCalled();
    expect(onSignedOut).toHaveBeenCalledWith({ isForced: false });
    expect(deps.log).toHaveBeenCalledWith('Logout', expect.objectContaining({ uid: 'u1' }));
  });

  it('a forced sign-out logs ForcedLogout once even when several calls race', async () => {
    const { session, deps, emit } = setup();
    const onSignedOut = vi.fn();
    session.configure({ onSignedOut });
    void session.start();
    await Promise.resolve();
    emit(alice);
    await Promise.all([session.signOut({ isForced: true }), session.signOut({ isForced: true })]);
    expect(deps.log.mock.calls.filter(([event]) => event === 'ForcedLogout')).toHaveLength(1);
    expect(onSignedOut).toHaveBeenCalledTimes(1);
    expect(onSignedOut).toHaveBeenCalledWith({ isForced: true });
  });

  it('is stale 15 minutes after sign-in', async () => {
    const { session, emit } = setup(JSON.stringify({ uid: 'u1', signinTime: 1_000_000 - 900_001 }));
    void session.start();
    await Promise.resolve();
    emit(alice);
    expect(session.isStale(900_000)).toBe(true);
  });

  describe('the 15-minute staleness counts from the latest sign-in', () => {
    const FIFTEEN_MINUTES = 900_000;
    const storedTime = (raw: string | null) => (JSON.parse(raw ?? '{}') as { signinTime?: number }).signinTime;

    it('a token refresh keeps the sign-in time; a re-authentication of the same user resets it', async () => {
      const { session, emit, clock, storage } = setup();
      void session.start();
      await Promise.resolve();
      emit(alice);
      clock.now += FIFTEEN_MINUTES + 1;
      // Firebase's listener fires again on the hourly token refresh: not a sign-in.
      emit(alice);
      expect(session.isStale(FIFTEEN_MINUTES)).toBe(true);
      // The sign-in modal signs the same user in again: Firebase reports no auth change.
      session.recordSignIn('u1');
      expect(session.isStale(FIFTEEN_MINUTES)).toBe(false);
      expect(session.getState().user?.signinTime).toBe(clock.now);
      expect(storedTime(storage())).toBe(clock.now);
      clock.now += FIFTEEN_MINUTES;
      expect(session.isStale(FIFTEEN_MINUTES)).toBe(false);
      clock.now += 1;
      expect(session.isStale(FIFTEEN_MINUTES)).toBe(true);
    });

    it('the reset survives a reload (the stored item carries it)', async () => {
      const first = setup();
      void first.session.start();
      await Promise.resolve();
      first.emit(alice);
      first.clock.now += 20 * 60_000;
      first.session.recordSignIn('u1');
      const reloaded = setup(first.storage());
      reloaded.clock.now = first.clock.now + 60_000;
      void reloaded.session.start();
      await Promise.resolve();
      reloaded.emit(alice);
      expect(reloaded.session.getState().user?.signinTime).toBe(first.clock.now);
      expect(reloaded.session.isStale(FIFTEEN_MINUTES)).toBe(false);
    });

    it('a sign-in recorded before Firebase reports the user is the time the session keeps', async () => {
      const { session, emit, clock } = setup(JSON.stringify({ uid: 'u1', signinTime: 5 }));
      void session.start();
      await Promise.resolve();
      emit(null);
      clock.now = 2_000_000;
      session.recordSignIn('u1');
      clock.now = 2_000_500;
      emit(alice);
      expect(session.getState().user?.signinTime).toBe(2_000_000);
    });

    it('signing in again after a sign-out counts from the new sign-in', async () => {
      const { session, emit, clock } = setup();
      void session.start();
      await Promise.resolve();
      emit(alice);
      await session.signOut();
      clock.now += 60 * 60_000;
      emit(alice);
      expect(session.getState().user?.signinTime).toBe(clock.now);
      expect(session.isStale(FIFTEEN_MINUTES)).toBe(false);
    });
  });

  it('behaves as signed out when Firebase cannot load', async () => {
    const { session, deps } = setup(JSON.stringify({ uid: 'u1', signinTime: 1 }));
    deps.watchAuthUser.mockRejectedValueOnce(new Error('offline'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(session.whenReady()).resolves.toMatchObject({ status: 'signed-out' });
  });

  it("drops the cached user data when another account signs in", async () => {
    const { session, emit } = setup(JSON.stringify({ uid: 'someone-else', signinTime: 1 }));
    const clearUserData = vi.fn();
    session.configure({ clearUserData });
    void session.start();
    await Promise.resolve();
    emit(alice);
    expect(clearUserData).toHaveBeenCalledTimes(1);
    emit(alice);
    expect(clearUserData).toHaveBeenCalledTimes(1);
  });

  it('drops saved data nobody owns (no stored item: a Logout cut off before its clearing was saved) when a user signs in', async () => {
    // Firebase reports the new user first (its listener), or the sign-in form records it first: one clearing either way.
    const reported = setup();
    const clearWhenReported = vi.fn();
    reported.session.configure({ clearUserData: clearWhenReported });
    void reported.session.start();
    await Promise.resolve();
    reported.emit(alice);
    reported.session.recordSignIn('u1');
    expect(clearWhenReported).toHaveBeenCalledTimes(1);

    const recorded = setup();
    const clearWhenRecorded = vi.fn();
    recorded.session.configure({ clearUserData: clearWhenRecorded });
    recorded.session.recordSignIn('u1');
    void recorded.session.start();
    await Promise.resolve();
    recorded.emit(alice);
    expect(clearWhenRecorded).toHaveBeenCalledTimes(1);
  });

  it("keeps the stored user's saved data when Firebase restores that user, and through a re-authentication", async () => {
    const { session, emit } = setup(JSON.stringify({ uid: 'u1', signinTime: 1 }));
    const clearUserData = vi.fn();
    session.configure({ clearUserData });
    void session.start();
    await Promise.resolve();
    emit(alice);
    emit(alice);
    session.recordSignIn('u1');
    expect(clearUserData).not.toHaveBeenCalled();
  });

  describe('saved data: only a Logout (or another account) removes it', () => {
    /** Alice, signed in on this device before (her stored item owns the saved data), restored by Firebase. */
    async function signedIn(stored: string | null = JSON.stringify({ uid: 'u1', signinTime: 1 })) {
      const context = setup(stored);
      const clearUserData = vi.fn();
      const onSignedOut = vi.fn();
      context.session.configure({ clearUserData, onSignedOut });
      void context.session.start();
      await Promise.resolve();
      context.emit(alice);
      return { ...context, clearUserData, onSignedOut };
    }

    it('a forced sign-out (a 401 the refresh did not cure) keeps the data and marks the session expired', async () => {
      const { session, deps, storage, clearUserData, onSignedOut } = await signedIn();
      await session.signOut({ isForced: true });
      expect(deps.signOutUser).toHaveBeenCalled();
      expect(clearUserData).not.toHaveBeenCalled();
      expect(session.getState()).toEqual({ status: 'signed-out', user: null, isEmailVerified: false, isExpired: true });
      expect(JSON.parse(storage() ?? '{}')).toMatchObject({ uid: 'u1', isExpired: true });
      expect(session.holdsSavedData()).toBe(true);
      expect(onSignedOut).toHaveBeenCalledWith({ isForced: true });
      // The gate pages go on refreshing with no token: their 401s sign nobody out again.
      await session.signOut({ isForced: true });
      expect(deps.log.mock.calls.filter(([event]) => event === 'ForcedLogout')).toHaveLength(1);
      expect(onSignedOut).toHaveBeenCalledTimes(1);
    });

    it('after a reload an expired session asks for no token and offers no stored profile', async () => {
      const { session, deps } = setup(JSON.stringify({ uid: 'u1', signinTime: 5, displayName: 'Alice', isExpired: true }));
      expect(session.getState().isExpired).toBe(true);
      expect(session.storedUser()).toBeNull();
      await expect(session.getToken()).resolves.toBeNull();
      expect(deps.watchAuthUser).not.toHaveBeenCalled();
      expect(session.holdsSavedData()).toBe(true);
    });

    it('Firebase reporting nobody without a Logout (token revoked, user deleted) keeps the data', async () => {
      const { session, emit, storage, clearUserData } = await signedIn();
      emit(null);
      expect(clearUserData).not.toHaveBeenCalled();
      expect(session.getState()).toMatchObject({ status: 'signed-out', isExpired: true });
      expect(JSON.parse(storage() ?? '{}')).toMatchObject({ uid: 'u1', isExpired: true });
    });

    it("a Logout in another tab (the stored item gone) clears this tab's data too", async () => {
      const { session, emit, deps, clearUserData } = await signedIn();
      deps.removeStoredAuth();
      emit(null);
      expect(clearUserData).toHaveBeenCalledTimes(1);
      expect(session.getState().isExpired).toBe(false);
    });

    it('Logout after a forced sign-out clears everything', async () => {
      const { session, storage, clearUserData } = await signedIn();
      await session.signOut({ isForced: true });
      await session.signOut();
      expect(clearUserData).toHaveBeenCalledTimes(1);
      expect(storage()).toBeNull();
      expect(session.getState().isExpired).toBe(false);
    });

    it('the same driver signing in again keeps the data; another account drops it', async () => {
      const same = await signedIn();
      await same.session.signOut({ isForced: true });
      same.session.recordSignIn('u1');
      same.emit(alice);
      expect(same.clearUserData).not.toHaveBeenCalled();
      expect(same.session.getState()).toMatchObject({ status: 'signed-in', isExpired: false });

      const other = await signedIn();
      await other.session.signOut({ isForced: true });
      other.session.recordSignIn('u2');
      expect(other.clearUserData).toHaveBeenCalledTimes(1);
    });
  });
});
