/**
 * The last step of every sign-in (spec 1 §8 "Login error user/invalid", "Login error
 * user/invalid-token"): the identity provider's answer must name a user, and that user's ID token
 * must be readable — the API accepts nothing else. Otherwise the half-made session is signed out
 * again and the driver reads the catalogue's text, instead of landing signed in on pages whose
 * every call then fails (or on the generic system error).
 */
import type { AuthUserSnapshot } from '../../lib/session-store';
import { codeOf } from './auth-errors';

export const INVALID_USER = 'user/invalid';
export const INVALID_TOKEN = 'user/invalid-token';

/** Thrown with one of the two catalogue codes; `toAuthErrorMessage` gives its text. */
export class SignInCancelledError extends Error {
  constructor(readonly code: typeof INVALID_USER | typeof INVALID_TOKEN) {
    super(`Sign-in cancelled (${code})`);
    this.name = 'SignInCancelledError';
  }
}

/**
 * Provider codes meaning the token of the user just signed in could not be read or renewed
 * (Firebase reads the new user's token while signing in, and renews it first when it came expired).
 */
const TOKEN_CODES = new Set(['auth/user-token-expired', 'auth/invalid-user-token', 'auth/token-expired', 'auth/invalid-refresh-token']);

export type SignedInDeps = {
  getIdToken: () => Promise<string | null>;
  signOut: () => Promise<void>;
};

/** Runs `signIn` and answers its user only when it has a uid and a readable ID token. */
export async function completeSignIn<U extends Pick<AuthUserSnapshot, 'uid'>>(signIn: () => Promise<U | null | undefined>, deps: SignedInDeps): Promise<U> {
  const cancel = async (code: SignInCancelledError['code']) => {
    // Signed out whatever half of the sign-in happened; a failing sign-out must not hide the reason.
    await deps.signOut().catch(() => undefined);
    return new SignInCancelledError(code);
  };
  let user: U | null | undefined;
  try {
    user = await signIn();
  } catch (error: unknown) {
    const code = codeOf(error);
    if (code && TOKEN_CODES.has(code)) throw await cancel(INVALID_TOKEN);
    throw error;
  }
  if (!user || !user.uid) throw await cancel(INVALID_USER);
  const token = await deps.getIdToken().catch(() => null);
  if (!token) throw await cancel(INVALID_TOKEN);
  return user;
}
