/**
 * Caller identity. Every account, payment, reservation and ticket call goes through
 * `requireUser`, which verifies the Firebase ID token (the Auth emulator in development and
 * tests, a real project by config) and puts `{ uid, email, phoneNumber }` on the context.
 * Handlers then touch only rows owned by that uid.
 *
 * Under the emulator nothing is signed: the emulator issues `alg: none` tokens, so firebase-admin
 * checks only their claims (project, expiry) and, with checkRevoked, that the user exists, is not
 * disabled and signed in after its tokens-valid-after time. A hand-made token naming a known uid
 * would pass all that, so we also compare the token with the emulator's record of the user: its
 * `auth_time` must be the user's last sign-in (to the second), which only the emulator and the
 * signed-in client know. A genuine but older token (the user signed in again elsewhere) then gets
 * a 401 and the client's one refresh-and-retry fetches a current one. This raises the bar; the
 * real guard is that the emulator is allowed only on loopback and never in production
 * (`unsafeStartReason` in config.ts), where whoever can reach it could read its codes anyway.
 */
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth, type DecodedIdToken, type UserRecord } from 'firebase-admin/auth';
import type { MiddlewareHandler } from 'hono';
import type { Config } from '../config.ts';

/**
 * `isStaff`: the Firebase custom claim `staff: true` (set by `npm run staff -- add <email>`, server/cli/staff.ts).
 * `displayName`: the token's `name` claim, for the header of a page the server renders for the caller.
 */
export type AuthUser = { uid: string; email: string | undefined; phoneNumber: string | undefined; isStaff?: boolean; displayName?: string | undefined };

/** The custom claim that makes an account ParkFair staff (claims desk, garage managers, attendants). */
export const STAFF_CLAIM = 'staff';

export type TokenVerifier = (idToken: string) => Promise<AuthUser>;

/** The second of the user's last sign-in, as the emulator writes it into `auth_time`. */
function lastSignInSecond(record: UserRecord): number | undefined {
  const at = Date.parse(record.metadata.lastSignInTime ?? '');
  return Number.isNaN(at) ? undefined : Math.floor(at / 1000);
}

/** Why an emulator token is not one the emulator issued for this user's current sign-in, if it is not. */
export function emulatorTokenProblem(decoded: Pick<DecodedIdToken, 'auth_time'>, record: UserRecord): string | undefined {
  const signedIn = lastSignInSecond(record);
  if (signedIn === undefined) return 'the user has never signed in';
  if (decoded.auth_time !== signedIn) return 'auth_time is not the user\'s last sign-in';
  return undefined;
}

export function createFirebaseTokenVerifier(config: Config): TokenVerifier {
  if (config.authEmulatorHost) process.env['FIREBASE_AUTH_EMULATOR_HOST'] = config.authEmulatorHost;
  const app = getApps()[0] ?? initializeApp({ projectId: config.firebaseProjectId });
  const auth = getAuth(app);
  const isEmulator = Boolean(config.authEmulatorHost);
  return async (idToken) => {
    // checkRevoked under the emulator: the user must exist, be enabled and not revoked.
    const decoded = await auth.verifyIdToken(idToken, isEmulator);
    if (isEmulator) {
      const problem = emulatorTokenProblem(decoded, await auth.getUser(decoded.uid));
      if (problem) throw new Error(`emulator token refused: ${problem}`);
    }
    const name: unknown = decoded['name'];
    return { uid: decoded.uid, email: decoded.email, phoneNumber: decoded.phone_number, isStaff: decoded[STAFF_CLAIM] === true, displayName: typeof name === 'string' ? name : undefined };
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

/**
 * Staff-only calls: no or a bad token is 401 as for `requireUser`; a valid token without the staff
 * claim (any customer) is 403. The claim is in the ID token, so a staff member added while signed
 * in has it after their next sign-in or token refresh.
 */
export function requireStaff(verify: TokenVerifier): MiddlewareHandler<{ Variables: AuthVariables }> {
  return async (c, next) => {
    const token = readBearer(c.req.header('Authorization'));
    if (!token) return c.json({ message: 'Sign in to continue: this call needs a bearer token.' }, 401);
    let user: AuthUser;
    try {
      user = await verify(token);
    } catch {
      return c.json({ message: 'Your session has expired or the token is invalid. Please sign in again.' }, 401);
    }
    if (!user.isStaff) return c.json({ message: STAFF_ONLY_MESSAGE }, 403);
    c.set('user', user);
    await next();
    return undefined;
  };
}

export const STAFF_ONLY_MESSAGE = 'This page is for ParkFair staff. Sign in with a staff account.';

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
