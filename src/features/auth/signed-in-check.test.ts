import { describe, expect, it, vi } from 'vitest';
import { toAuthErrorMessage } from './auth-errors';
import { completeSignIn, INVALID_TOKEN, INVALID_USER, SignInCancelledError } from './signed-in-check';

const user = { uid: 'u1', email: null, phoneNumber: '+12125550123', displayName: null, emailVerified: false };
const deps = (token: string | null | Error = 'token') => ({
  getIdToken: vi.fn(async () => {
    if (token instanceof Error) throw token;
    return token;
  }),
  signOut: vi.fn(async () => undefined),
});
const providerError = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { code });

/** The text the driver reads for whatever `completeSignIn` threw. */
async function textOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error: unknown) {
    return toAuthErrorMessage(error);
  }
  throw new Error('expected the sign-in to be cancelled');
}

describe('completeSignIn (spec 1 §8 user/invalid, user/invalid-token)', () => {
  it('answers the user when it has a uid and a readable token, and signs nobody out', async () => {
    const d = deps();
    await expect(completeSignIn(async () => user, d)).resolves.toBe(user);
    expect(d.signOut).not.toHaveBeenCalled();
  });

  it('a credential without a user: user/invalid, signed out again', async () => {
    for (const answer of [null, undefined, { ...user, uid: '' }]) {
      const d = deps();
      expect(await textOf(completeSignIn(async () => answer, d))).toBe('The user credentials object is invalid. Login cancelled.');
      expect(d.signOut).toHaveBeenCalledOnce();
      expect(d.getIdToken).not.toHaveBeenCalled();
    }
  });

  it('a user whose token cannot be read (null or thrown): user/invalid-token in the spec\'s words, signed out again', async () => {
    for (const token of [null, '', new Error('refresh failed')]) {
      const d = deps(token);
      expect(await textOf(completeSignIn(async () => user, d))).toBe('Unable to get token based on user credentials object. Login cancelled.');
      expect(d.signOut).toHaveBeenCalledOnce();
    }
  });

  it('the provider failing to read the new user\'s token while signing in is user/invalid-token too', async () => {
    for (const code of ['auth/user-token-expired', 'auth/invalid-user-token', 'auth/invalid-refresh-token']) {
      const d = deps();
      await expect(completeSignIn(() => Promise.reject(providerError(code)), d)).rejects.toMatchObject({ code: INVALID_TOKEN });
      expect(d.signOut).toHaveBeenCalledOnce();
    }
  });

  it('other sign-in failures pass through unchanged (a wrong code stays a wrong code) and sign nobody out', async () => {
    const d = deps();
    const wrongCode = providerError('auth/invalid-verification-code');
    await expect(completeSignIn(() => Promise.reject(wrongCode), d)).rejects.toBe(wrongCode);
    expect(d.signOut).not.toHaveBeenCalled();
  });

  it('a failing sign-out does not hide the reason', async () => {
    const d = { getIdToken: async () => null, signOut: () => Promise.reject(new Error('offline')) };
    await expect(completeSignIn(async () => user, d)).rejects.toEqual(new SignInCancelledError(INVALID_TOKEN));
    await expect(completeSignIn(async () => null, d)).rejects.toMatchObject({ code: INVALID_USER });
  });
});
