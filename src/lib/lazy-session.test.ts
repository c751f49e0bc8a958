import { describe, expect, it, vi } from 'vitest';
import { createLazySession } from './lazy-session';
import { createSession, type AuthUserSnapshot, type Session } from './session-store';

const alice: AuthUserSnapshot = { uid: 'u1', email: 'alice@example.com', phoneNumber: null, displayName: 'Alice', emailVerified: false };

/** The lazy session in front of the real store, whose Firebase is a fake that reports `emit`'s users. */
function setup(stored: string | null = null) {
  let storage = stored;
  let emit: (user: AuthUserSnapshot | null) => void = () => undefined;
  const readStoredAuth = () => storage;
  const store = createSession({
    watchAuthUser: async (onChange) => {
      emit = onChange;
      return () => undefined;
    },
    getIdToken: async () => 'token',
    signOutUser: async () => undefined,
    readStoredAuth,
    writeStoredAuth: (value) => (storage = value),
    removeStoredAuth: () => (storage = null),
    now: () => 1_000,
    log: () => undefined,
  });
  const loadSession = vi.fn(async (): Promise<Session> => store);
  const session = createLazySession({ loadSession, readStoredAuth });
  return { session, loadSession, emit: (user: AuthUserSnapshot | null) => emit(user) };
}

describe('lazy session', () => {
  it("answers an anonymous visitor's first screen without loading the store", async () => {
    const { session, loadSession } = setup();
    expect(session.getState()).toEqual({ status: 'unknown', user: null, isEmailVerified: false, isExpired: false });
    expect(session.storedUser()).toBeNull();
    expect(session.holdsSavedData()).toBe(false);
    expect(session.isStale(900_000)).toBe(true);
    await expect(session.getToken()).resolves.toBeNull();
    expect(loadSession).not.toHaveBeenCalled();
  });

  it('offers the stored profile and the saved data of a stored sign-in before the store loads; an expired one only its data', () => {
    const { session, loadSession } = setup(JSON.stringify({ uid: 'u1', displayName: 'Alice', email: null, signinTime: 5 }));
    expect(session.storedUser()).toEqual({ displayName: 'Alice', email: null });
    expect(session.holdsSavedData()).toBe(true);
    const expired = setup(JSON.stringify({ uid: 'u1', displayName: 'Alice', email: null, signinTime: 5, isExpired: true })).session;
    expect(expired.storedUser()).toBeNull();
    expect(expired.getState().isExpired).toBe(true);
    expect(loadSession).not.toHaveBeenCalled();
  });

  it("loads the store for a stored sign-in's token, and passes its changes and the hooks on", async () => {
    const { session, loadSession, emit } = setup(JSON.stringify({ uid: 'u1', signinTime: 5 }));
    const onSignedOut = vi.fn();
    session.configure({ onSignedOut });
    const listener = vi.fn();
    session.subscribe(listener);
    const token = session.getToken();
    await vi.waitFor(() => expect(loadSession).toHaveBeenCalledTimes(1));
    // Firebase reports once the store has started listening.
    await vi.waitFor(() => {
      emit(alice);
      expect(session.getState().status).toBe('signed-in');
    });
    await expect(token).resolves.toBe('token');
    expect(listener).toHaveBeenCalled();
    expect(session.storedUser()).toBeNull();
    await session.signOut();
    expect(session.getState().status).toBe('signed-out');
    expect(onSignedOut).toHaveBeenCalledWith({ isForced: false });
    expect(loadSession).toHaveBeenCalledTimes(1);
  });

  it('is signed out for now when the store cannot load, and tries again on the next call', async () => {
    const { session, loadSession } = setup(JSON.stringify({ uid: 'u1', signinTime: 5 }));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    loadSession.mockRejectedValueOnce(new Error('offline'));
    await expect(session.whenReady()).resolves.toMatchObject({ status: 'signed-out', isExpired: false });
    expect(session.getState().status).toBe('signed-out');
    expect(session.holdsSavedData()).toBe(true);
    await session.start();
    expect(loadSession).toHaveBeenCalledTimes(2);
  });
});
