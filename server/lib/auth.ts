/**
 * Caller identity. Every account, payment, reservation and ticket call goes through
 * `requireUser`, which verifies the Firebase ID token (the Auth emulator in development and
 * tests, a real project by config) and puts `{ uid, email, phoneNumber }` on the context.
 * Handlers then touch only rows owned by that uid.
 */
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import type { MiddlewareHandler } from 'hono';
import type { Config } from '../config.ts';

export type AuthUser = { uid: string; email: string | undefined; phoneNumber: string | undefined };

export type TokenVerifier = (idToken: string) => Promise<AuthUser>;

export function createFirebaseTokenVerifier(config: Config): TokenVerifier {
  if (config.authEmulatorHost) process.env['FIREBASE_AUTH_EMULATOR_HOST'] = config.authEmulatorHost;
  const app = getApps()[0] ?? initializeApp({ projectId: config.firebaseProjectId });
  const auth = getAuth(app);
  return async (idToken) => {
    // Emulator tokens carry no signature, so under the emulator we also ask it whether the
    // user exists (checkRevoked): a hand-made token for an unknown uid is refused there too.
    const decoded = await auth.verifyIdToken(idToken, Boolean(config.authEmulatorHost));
    return { uid: decoded.uid, email: decoded.email, phoneNumber: decoded.phone_number };
  };
}

export type AuthVariables = { user: AuthUser };

function readBearer(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}

export function requireUser(verify: TokenVerifier): MiddlewareHandler<{ Variables: AuthVariables }> {
  return async (c, next) => {
    const token = readBearer(c.req.header('Authorization'));
    if (!token) return c.json({ message: 'Sign in to continue: this call needs a bearer token.' }, 401);
    try {
      c.set('user', await verify(token));
    } catch {
      return c.json({ message: 'Your session has expired or the token is invalid. Please sign in again.' }, 401);
    }
    await next();
    return undefined;
  };
}

/** For calls that work signed out but do more when signed in (the ticket `/auth` variants). */
export function optionalUser(verify: TokenVerifier): MiddlewareHandler<{ Variables: Partial<AuthVariables> }> {
  return async (c, next) => {
    const token = readBearer(c.req.header('Authorization'));
    if (token) {
      try {
        c.set('user', await verify(token));
      } catch {
        return c.json({ message: 'Your session has expired or the token is invalid. Please sign in again.' }, 401);
      }
    }
    await next();
    return undefined;
  };
}
