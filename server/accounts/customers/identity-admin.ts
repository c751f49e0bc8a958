/**
 * The identity provider as the accounts service needs it (firebase-admin, emulator-aware): find
 * users by phone or email (a user created by phone sign-in exists in Firebase before any accounts
 * call), read and update a user record, and make password-reset links. Behind an interface so the
 * routes do not depend on the SDK's shapes.
 */
import { getApps, initializeApp } from 'firebase-admin/app';
import { type Auth, getAuth, type UserRecord } from 'firebase-admin/auth';
import type { Config } from '../../config.ts';
import { isUpstreamUnreachable } from '../../lib/http-error.ts';

export type IdentityUser = {
  uid: string;
  email: string | null;
  phoneNumber: string | null;
  displayName: string | null;
  emailVerified: boolean;
  /** The user can sign in with email and password. */
  hasPassword: boolean;
};

export type IdentityAdmin = {
  findByPhone(phoneNumber: string): Promise<IdentityUser | null>;
  findByEmail(email: string): Promise<IdentityUser | null>;
  get(uid: string): Promise<IdentityUser | null>;
  update(uid: string, changes: { displayName?: string; email?: string; emailVerified?: boolean }): Promise<void>;
  /** The oobCode of a password-reset action for the email (the app builds its own link). */
  createPasswordResetCode(email: string): Promise<string>;
};

function toIdentityUser(record: UserRecord): IdentityUser {
  return {
    uid: record.uid,
    email: record.email?.toLowerCase() ?? null,
    phoneNumber: record.phoneNumber ?? null,
    displayName: record.displayName ?? null,
    emailVerified: record.emailVerified,
    hasPassword: record.providerData.some((provider) => provider.providerId === 'password'),
  };
}

function isUserNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'auth/user-not-found';
}

/**
 * A read-only lookup, asked a second time when the first attempt's connection dropped: the
 * identity provider may close a kept-alive socket just as it is reused (EPIPE / ECONNRESET, seen
 * under load against the emulator), and a lookup changes nothing, so asking again is safe. A
 * second failure is the caller's 503.
 */
export async function orNull(lookup: () => Promise<UserRecord>): Promise<IdentityUser | null> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return toIdentityUser(await lookup());
    } catch (error: unknown) {
      if (isUserNotFound(error)) return null;
      if (attempt === 1 && isUpstreamUnreachable(error)) continue;
      throw error;
    }
  }
}

/** The oobCode query parameter of a Firebase action link. */
export function readOobCode(link: string): string {
  const code = new URL(link).searchParams.get('oobCode');
  if (!code) throw new Error('The identity provider returned an action link without oobCode.');
  return code;
}

export function createFirebaseIdentityAdmin(config: Config): IdentityAdmin {
  // Same rule as the token verifier (server/lib/auth.ts): the emulator host must be in the
  // environment before getAuth() for firebase-admin to talk to the emulator.
  if (config.authEmulatorHost) process.env['FIREBASE_AUTH_EMULATOR_HOST'] = config.authEmulatorHost;
  let auth: Auth | undefined;
  const getAdminAuth = () => (auth ??= getAuth(getApps()[0] ?? initializeApp({ projectId: config.firebaseProjectId })));
  return {
    findByPhone: (phoneNumber) => orNull(() => getAdminAuth().getUserByPhoneNumber(phoneNumber)),
    findByEmail: (email) => orNull(() => getAdminAuth().getUserByEmail(email)),
    get: (uid) => orNull(() => getAdminAuth().getUser(uid)),
    async update(uid, changes) {
      await getAdminAuth().updateUser(uid, changes);
    },
    async createPasswordResetCode(email) {
      return readOobCode(await getAdminAuth().generatePasswordResetLink(email));
    },
  };
}
