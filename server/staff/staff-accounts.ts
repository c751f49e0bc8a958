/**
 * Staff accounts: a Firebase Auth user with the custom claim `staff: true` (STAFF_CLAIM). Adding
 * creates the email/password account when there is none (with the given or a generated password)
 * and keeps any other claims the account has. Used by `npm run staff` and by the tests.
 */
import { randomBytes } from 'node:crypto';
import type { Auth } from 'firebase-admin/auth';
import { STAFF_CLAIM } from '../lib/auth.ts';

export type StaffAddResult = { uid: string; email: string; createdPassword: string | undefined };

export async function addStaff(auth: Auth, email: string, password?: string): Promise<StaffAddResult> {
  const normalised = email.trim().toLowerCase();
  let user = await auth.getUserByEmail(normalised).catch((error: unknown) => {
    if ((error as { code?: string }).code === 'auth/user-not-found') return undefined;
    throw error;
  });
  let createdPassword: string | undefined;
  if (!user) {
    createdPassword = password ?? randomBytes(9).toString('base64url');
    user = await auth.createUser({ email: normalised, password: createdPassword, emailVerified: true });
  }
  await auth.setCustomUserClaims(user.uid, { ...user.customClaims, [STAFF_CLAIM]: true });
  return { uid: user.uid, email: normalised, createdPassword };
}

export async function removeStaff(auth: Auth, email: string): Promise<boolean> {
  const user = await auth.getUserByEmail(email.trim().toLowerCase()).catch(() => undefined);
  if (!user) return false;
  const { [STAFF_CLAIM]: _removed, ...others } = user.customClaims ?? {};
  await auth.setCustomUserClaims(user.uid, others);
  // Tokens already issued still carry the claim until they expire: revoke them.
  await auth.revokeRefreshTokens(user.uid);
  return true;
}

export async function listStaff(auth: Auth): Promise<string[]> {
  const emails: string[] = [];
  let pageToken: string | undefined;
  do {
    const page = await auth.listUsers(1000, pageToken);
    for (const user of page.users) if (user.customClaims?.[STAFF_CLAIM] === true) emails.push(user.email ?? user.uid);
    pageToken = page.pageToken;
  } while (pageToken);
  return emails.sort();
}
