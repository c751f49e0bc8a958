/**
 * Accounts made directly in the Auth emulator through its REST API (the identity toolkit the SDK
 * calls): the "existing customer" of a sign-in branch, set up without going through the UI.
 */
import { waitForSmsCode } from './phone-sign-up.ts';

const EMULATOR = `http://${process.env['FIREBASE_AUTH_EMULATOR_HOST'] ?? '127.0.0.1:9099'}`;
const IDENTITY = `${EMULATOR}/identitytoolkit.googleapis.com/v1`;

export async function identity<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(`${IDENTITY}/${path}?key=demo-api-key`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A legacy email and password account (no phone). */
export function createEmailAccount(input: { email: string; password: string; displayName?: string }) {
  return identity<{ localId: string; idToken: string }>('accounts:signUp', { ...input, returnSecureToken: true });
}

/** A phone account as phone sign-in makes it, optionally with a display name. */
export async function createPhoneAccount(phone: string, displayName?: string) {
  const { sessionInfo } = await identity<{ sessionInfo: string }>('accounts:sendVerificationCode', { phoneNumber: phone });
  const code = await waitForSmsCode(phone, 0);
  const user = await identity<{ localId: string; idToken: string }>('accounts:signInWithPhoneNumber', { sessionInfo, code });
  if (displayName) await identity('accounts:update', { idToken: user.idToken, displayName });
  return user;
}

/** The newest RECOVER_EMAIL code the emulator issued for an address (after that account's email was changed). */
export async function latestRecoveryCode(email: string): Promise<string> {
  const response = await fetch(`${EMULATOR}/emulator/v1/projects/demo-parkfair/oobCodes`);
  const body = (await response.json()) as { oobCodes: { email: string; requestType: string; oobCode: string }[] };
  const code = body.oobCodes.filter((entry) => entry.email === email && entry.requestType === 'RECOVER_EMAIL').at(-1)?.oobCode;
  if (!code) throw new Error(`no recovery code for ${email}`);
  return code;
}
