import { describe, expect, it, vi } from 'vitest';
import { createSession, type AuthUserSnapshot, type SessionDeps } from './session-store';

const alice: AuthUserSnapshot = { uid: 'u1', email: 'alice@example.com', phoneNumber: '+12125550123', displayName: 'Alice', emailVerified: false };

function setup(stored: string | null = null) {
  let emit: (user: AuthUserSnapshot | null) => void = () => undefined;
  let storage = stored;
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
    now: () => 1_000_000,
    log: vi.fn<SessionDeps['log']>(),
  } satisfies SessionDeps;
  const session = createSession(deps);
  return { session, deps, emit: (user: AuthUserSnapshot | null) => emit(user), storage: () => storage };
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

  it('stores the auth item and logs Login for a sign-in after the first state', async () => {
    const { session, deps, emit, storage } = setup();
    void session.start();
    await Promise.resolve();
    emit(null);
    expect(deps.log).not.toHaveBeenCalled();
    emit(alice);
    expect(deps.log).toHaveBeenCalledWith('Login', expect.objectContaining({ uid: 'u1', signinTime: 1_000_000 }));
    expect(JSON.parse(storage() ?? '{}')).toMatchObject({ uid: 'u1', signinTime: 1_000_000 });
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
    expect(session.getState()).toEqual({ status: 'signed-out', user: null, isEmailVerified: false });
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
});
