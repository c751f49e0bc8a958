/**
 * "Too many requests" (spec 2 §8: "Access to this account has been temporarily disabled due to
 * many failed login attempts…") in the case the spec names: after 5 wrong SMS codes or passwords
 * for one phone or email within 15 minutes, the sign-in stops trying and says so, until the window
 * has passed. The identity provider throttles on its side too (auth/too-many-requests, mapped to
 * the same text), but its emulator never does, and a driver retyping a code at the gate should
 * hear it from us rather than fail forever. Counted on this device, by a hash of the phone or
 * email (no address is stored in plain text).
 */
import { STORAGE_PREFIX } from '../../lib/constants';
import { readStorage, writeStorage } from '../../lib/storage';
import { codeOf } from './auth-errors';

export const MAX_FAILED_ATTEMPTS = 5;
export const FAILED_ATTEMPTS_WINDOW_MS = 15 * 60_000;
const KEY = `${STORAGE_PREFIX}sign-in-failures`;
/** The provider's answers to a wrong code or password. */
const WRONG_CREDENTIAL = new Set(['auth/invalid-verification-code', 'auth/wrong-password', 'auth/invalid-credential', 'auth/invalid-login-credentials']);

type Failures = Record<string, number[]>;

/** FNV-1a, hex: enough to tell identifiers apart on one device. */
function hashOf(identifier: string): string {
  let hash = 0x811c9dc5;
  for (const char of identifier.trim().toLowerCase()) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193) >>> 0;
  return hash.toString(16);
}

function read(now: number): Failures {
  try {
    const stored = JSON.parse(readStorage(KEY) ?? '{}') as Failures;
    return Object.fromEntries(Object.entries(stored).map(([key, times]) => [key, (Array.isArray(times) ? times : []).filter((at) => typeof at === 'number' && now - at < FAILED_ATTEMPTS_WINDOW_MS)]));
  } catch {
    return {};
  }
}

/** The error the sign-in shows (toAuthErrorMessage maps the code to the spec's text). */
function tooManyAttempts(): Error & { code: string } {
  return Object.assign(new Error('Too many failed attempts'), { code: 'auth/too-many-requests' });
}

/**
 * Runs one sign-in attempt for `identifier` (a phone or an email). Refused at once while locked;
 * a wrong code or password is counted, and the one that reaches the limit answers "too many".
 */
export async function withAttemptLimit<T>(identifier: string, attempt: () => Promise<T>, now: () => number = Date.now): Promise<T> {
  const key = hashOf(identifier);
  if ((read(now())[key]?.length ?? 0) >= MAX_FAILED_ATTEMPTS) throw tooManyAttempts();
  try {
    const result = await attempt();
    const failures = read(now());
    delete failures[key];
    writeStorage(KEY, JSON.stringify(failures));
    return result;
  } catch (error: unknown) {
    const code = codeOf(error);
    if (!code || !WRONG_CREDENTIAL.has(code)) throw error;
    const failures = read(now());
    const times = [...(failures[key] ?? []), now()];
    writeStorage(KEY, JSON.stringify({ ...failures, [key]: times }));
    if (times.length >= MAX_FAILED_ATTEMPTS) throw tooManyAttempts();
    throw error;
  }
}
