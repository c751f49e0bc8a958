/**
 * Caller identity. Every account, payment, reservation and ticket call goes through
 * `requireUser`, which verifies the Firebase ID token (the Auth emulator in development and
 * tests, a real project by config) and puts `{ uid, email, phoneNumber, isStaff, displayName }`
 * on the context. Handlers then touch only rows owned by that uid.
 *
 * Under the emulator nothing is signed: the emulator issues `alg: none` tokens, so firebase-admin
 * checks only their claims (project, expiry) and, with checkRevoked, that the user exists, is not
 * disabled and signed in after its tokens-valid-after time (checked here from the one record
 * lookup, `emulatorTokenProblem`, rather than by a second lookup). Anyone can write such a token, with
 * any claim in it (`"staff": true`, someone else's email, a ten-year `exp`). So under the emulator
 * a token proves only which uid is calling, and only if it matches the emulator's record of that
 * user (`emulatorTokenProblem`): its `auth_time` must be the user's last sign-in (to the second),
 * which only the emulator and the signed-in client know, and its dates must be those of a token
 * the emulator issued. Everything else (staff, email, phone, name) is read from the record, never
 * from the token (docs/decisions/0101-identity-from-the-provider-record.md). Wrong guesses of the
 * sign-in second are counted and slowed (token-guessing.ts). A genuine but older token (the user
 * signed in again elsewhere) gets a 401 and the client's one refresh-and-retry fetches a current
 * one. The real guard remains that the emulator is allowed only on loopback and never in
 * production (`unsafeStartReason` in config.ts).
 */
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth, type DecodedIdToken, type UserRecord } from 'firebase-admin/auth';
import type { MiddlewareHandler } from 'hono';
import type { Config } from '../config.ts';

/**
 * `isStaff`: the Firebase custom claim `staff: true` (set by `npm run staff -- add <email>`, server/cli/staff.ts).
 * `email`: the account's email as the provider has it, verified or not (as in a Firebase token's
 * `email` claim); code that needs a verified address asks the record (customers' email_verified).
 * `displayName`: the account's display name, for the header of a page the server renders for the caller.
 */
export type AuthUser = { uid: string; email: string | undefined; phoneNumber: string | undefined; isStaff?: boolean; displayName?: string | undefined };

/** The custom claim that makes an account ParkFair staff (claims desk, garage managers, attendants). */
export const STAFF_CLAIM = 'staff';

export type TokenVerifier = (idToken: string) => Promise<AuthUser>;

/** How long the provider's ID tokens live (Firebase and its emulator: one hour). */
export const TOKEN_LIFETIME_SECONDS = 3600;
/** How far ahead of our clock a token's `iat` may be: the emulator runs on this machine (loopback only). */
const CLOCK_SKEW_SECONDS = 5;
/**
 * How much later than the record's last refresh a token's `iat` may be: the emulator stamps the
 * refresh and then dates the token, and a loaded machine can pause it between the two.
 */
const REFRESH_TO_IAT_SECONDS = 5;

/** A record's time (firebase-admin gives them as UTC strings, to the second) in Unix seconds. */
function secondOf(time: string | null | undefined): number | undefined {
  const at = Date.parse(time ?? '');
  return Number.isNaN(at) ? undefined : Math.floor(at / 1000);
}

type EmulatorTokenDates = Pick<DecodedIdToken, 'auth_time' | 'iat' | 'exp'>;

/**
 * Why an emulator token is not one the emulator issued for this user's current sign-in, if it is
 * not. The emulator writes `auth_time` from the last sign-in, gives every token an hour, and
 * stamps the record's `lastRefreshTime` each time it issues one, just before dating the token
 * (firebase-tools' issueTokens): so a token it issued has iat in [auth_time, last refresh], give or
 * take the moment between the stamp and the dating (REFRESH_TO_IAT_SECONDS).
 */
export function emulatorTokenProblem(decoded: EmulatorTokenDates, record: UserRecord, nowSeconds: number): string | undefined {
  // What firebase-admin's checkRevoked asks of the record (verifyDecodedJWTNotRevokedOrDisabled).
  if (record.disabled) return 'the user is disabled';
  const validSince = Date.parse(record.tokensValidAfterTime ?? '');
  if (!Number.isNaN(validSince) && decoded.auth_time * 1000 < validSince) return 'the user\'s tokens were revoked after that sign-in';
  const signedIn = secondOf(record.metadata.lastSignInTime);
  if (signedIn === undefined) return 'the user has never signed in';
  if (decoded.auth_time !== signedIn) return 'auth_time is not the user\'s last sign-in';
  const { iat, exp } = decoded;
  if (!Number.isInteger(iat) || !Number.isInteger(exp)) return 'iat or exp is not a whole number of seconds';
  if (exp - iat > TOKEN_LIFETIME_SECONDS) return 'it claims a longer life than the provider gives';
  if (iat > nowSeconds + CLOCK_SKEW_SECONDS) return 'it is dated in the future';
  if (iat < signedIn) return 'it is dated before the sign-in it names';
  const refreshed = secondOf(record.metadata.lastRefreshTime);
  if (refreshed === undefined || iat > refreshed + REFRESH_TO_IAT_SECONDS) return 'the emulator has issued no token for this user at that time';
  if (nowSeconds >= iat + TOKEN_LIFETIME_SECONDS) return 'it is more than an hour old';
  return undefined;
}

/** The caller as the provider's record has it: under the emulator, the only source of anything but the uid. */
export function identityOfRecord(record: UserRecord): AuthUser {
  return { uid: record.uid, email: record.email, phoneNumber: record.phoneNumber, isStaff: record.customClaims?.[STAFF_CLAIM] === true, displayName: record.displayName };
}

export function createFirebaseTokenVerifier(config: Config): TokenVerifier {
  if (config.authEmulatorHost) process.env['FIREBASE_AUTH_EMULATOR_HOST'] = config.authEmulatorHost;
  const app = getApps()[0] ?? initializeApp({ projectId: config.firebaseProjectId });
  const auth = getAuth(app);
  const isEmulator = Boolean(config.authEmulatorHost);
  const records = recentLookups((uid: string) => auth.getUser(uid), RECORD_REUSE_MS);
  return async (idToken) => {
    const decoded = await auth.verifyIdToken(idToken);
    if (isEmulator) {
      // An unsigned token vouches for nothing but a uid that matches the record: the rest is the
      // record's. The record serves what checkRevoked would look up again: the user exists, is
      // enabled, not revoked. One looked up in the last RECORD_REUSE_MS may accept the token; a
      // refusal is only ever made on a record looked up for this call (or with it).
      const recent = await records.recent(decoded.uid);
      const nowSeconds = Math.floor(Date.now() / 1000);
      let record = recent.value;
      let problem = emulatorTokenProblem(decoded, record, nowSeconds);
      if (problem && recent.isReused) {
        record = await records.fresh(decoded.uid);
        problem = emulatorTokenProblem(decoded, record, nowSeconds);
      }
      if (problem) throw new Error(`emulator token refused: ${problem}`);
      return identityOfRecord(record);
    }
    // A real project's tokens are signed by Google, and firebase-admin has checked the signature:
    // every claim was written by Firebase from the user's record when the token was issued, so the
    // claims are trusted as they stand (a removed staff claim leaves with the next refresh, within
    // the hour; removeStaff also revokes the refresh tokens).
    const name: unknown = decoded['name'];
    return { uid: decoded.uid, email: decoded.email, phoneNumber: decoded.phone_number, isStaff: decoded[STAFF_CLAIM] === true, displayName: typeof name === 'string' ? name : undefined };
  };
}

/**
 * How long a looked-up emulator record may accept further tokens of its user: a driver's screen
 * sends a burst of calls, and each lookup costs the emulator 3–4.5 ms of CPU, a large part of a
 * signed-in call's under load (decision 0101). So a disabled account, a revocation or a
 * staff claim added or removed counts within this time rather than from the next call; a new
 * sign-in's token counts at once (a refusal is checked again on a fresh record).
 */
export const RECORD_REUSE_MS = 500;

/** Records kept at most: past it, the expired ones go (a burst of users does not grow the map without end). */
const MAX_KEPT_RECORDS = 1000;

/**
 * Lookups by key, each kept for `reuseMs` from the moment it was asked for: `recent` answers a
 * kept one (`isReused`) or looks up anew; `fresh` always looks up (overlapping calls still share one).
 */
export function recentLookups<T>(lookUp: (key: string) => Promise<T>, reuseMs: number, clock: () => number = () => performance.now()) {
  const kept = new Map<string, { value: T; askedAt: number }>();
  const fresh = singleFlight(async (key: string) => {
    const askedAt = clock();
    const value = await lookUp(key);
    // Newest last, so the expired ones are at the front.
    kept.delete(key);
    kept.set(key, { value, askedAt });
    if (kept.size > MAX_KEPT_RECORDS) {
      for (const [oldKey, old] of kept) {
        if (clock() - old.askedAt < reuseMs) break;
        kept.delete(oldKey);
      }
    }
    return value;
  });
  return {
    async recent(key: string): Promise<{ value: T; isReused: boolean }> {
      const hit = kept.get(key);
      if (hit && clock() - hit.askedAt < reuseMs) return { value: hit.value, isReused: true };
      return { value: await fresh(key), isReused: false };
    },
    fresh,
    /** How many lookups are kept (expired ones included until the next sweep). */
    get size() {
      return kept.size;
    },
  };
}

/**
 * Calls for the same key that overlap share one lookup: a driver's screen sends several calls at
 * once, and each would otherwise ask the emulator for the same record. Nothing is kept after the
 * lookup settles (keeping is `recentLookups`' part).
 */
export function singleFlight<T>(lookUp: (key: string) => Promise<T>): (key: string) => Promise<T> {
  const inFlight = new Map<string, Promise<T>>();
  return (key) => {
    const pending = inFlight.get(key);
    if (pending) return pending;
    const lookup = lookUp(key).finally(() => inFlight.delete(key));
    inFlight.set(key, lookup);
    return lookup;
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
 * claim (any customer) is 403. Under the emulator the claim is read from the account's record, so
 * it counts within RECORD_REUSE_MS (half a second); with a real project it is in the signed ID token, so a staff
 * member added while signed in has it after their next sign-in or token refresh.
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
