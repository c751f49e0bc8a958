/**
 * Phone-number users for the customers API tests, signed in through the Auth emulator's REST API
 * the way the SDK does it (send code, read it from the emulator, sign in with it), so their ID
 * tokens carry a phone_number claim like real phone sign-ins.
 */
import { randomInt } from 'node:crypto';
import { EMULATOR_HOST, EMULATOR_PROJECT } from '../../testing/emulator-users.ts';

const IDENTITY = `http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1`;

export type PhoneUser = { uid: string; phoneNumber: string; idToken: string };

/** A New York number no other test uses (random subscriber part). */
export function randomPhoneNumber(): string {
  return `+1212${randomInt(200, 1000)}${String(randomInt(0, 10_000)).padStart(4, '0')}`;
}

async function post<T>(path: string, body: unknown, idToken?: string): Promise<T> {
  const response = await fetch(`${IDENTITY}/${path}?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(idToken ? { Authorization: `Bearer ${idToken}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`emulator ${path} failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export async function readLatestSmsCode(phoneNumber: string): Promise<string> {
  const response = await fetch(`http://${EMULATOR_HOST}/emulator/v1/projects/${EMULATOR_PROJECT}/verificationCodes`);
  const body = (await response.json()) as { verificationCodes: { phoneNumber: string; code: string }[] };
  const code = body.verificationCodes.filter((entry) => entry.phoneNumber === phoneNumber).at(-1)?.code;
  if (!code) throw new Error(`no SMS code for ${phoneNumber}`);
  return code;
}

export async function createPhoneUser(phoneNumber = randomPhoneNumber()): Promise<PhoneUser> {
  const { sessionInfo } = await post<{ sessionInfo: string }>('accounts:sendVerificationCode', { phoneNumber });
  const code = await readLatestSmsCode(phoneNumber);
  const signedIn = await post<{ localId: string; idToken: string }>('accounts:signInWithPhoneNumber', { sessionInfo, code });
  return { uid: signedIn.localId, phoneNumber, idToken: signedIn.idToken };
}

/** Completes a password reset with an oobCode, as the user-mgmt page does through the SDK. */
export async function resetPasswordWithCode(oobCode: string, newPassword: string): Promise<{ email: string }> {
  return post<{ email: string }>('accounts:resetPassword', { oobCode, newPassword });
}

export async function signInWithPassword(email: string, password: string): Promise<{ idToken: string }> {
  return post<{ idToken: string }>('accounts:signInWithPassword', { email, password, returnSecureToken: true });
}

