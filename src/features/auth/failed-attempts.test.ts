import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toAuthErrorMessage } from './auth-errors';
import { AUTH_MESSAGES } from './auth-messages';
import { FAILED_ATTEMPTS_WINDOW_MS, MAX_FAILED_ATTEMPTS, withAttemptLimit } from './failed-attempts';

beforeEach(() => {
  const values = new Map<string, string>();
  vi.stubGlobal('localStorage', { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => values.set(key, value), removeItem: (key: string) => values.delete(key) });
});

const wrongCode = () => Promise.reject(Object.assign(new Error('Firebase: Error (auth/invalid-verification-code).'), { code: 'auth/invalid-verification-code' }));
const messageOf = async (attempt: Promise<unknown>) => toAuthErrorMessage(await attempt.then(() => undefined, (error: unknown) => error));

describe('withAttemptLimit', () => {
  it('says "too many requests" at the fifth wrong code, refuses further tries without asking, and lets the phone try again after the window', async () => {
    let now = 1_000_000;
    const clock = () => now;
    for (let index = 1; index < MAX_FAILED_ATTEMPTS; index += 1) expect(await messageOf(withAttemptLimit('+12125550123', wrongCode, clock))).toBe(AUTH_MESSAGES.invalidCode);
    expect(await messageOf(withAttemptLimit('+12125550123', wrongCode, clock))).toBe(AUTH_MESSAGES.tooManyRequests);
    const right = vi.fn(() => Promise.resolve('signed in'));
    expect(await messageOf(withAttemptLimit('+12125550123', right, clock))).toBe(AUTH_MESSAGES.tooManyRequests);
    expect(right).not.toHaveBeenCalled();
    // Another phone is not held back; the window passes.
    await expect(withAttemptLimit('+12125550999', right, clock)).resolves.toBe('signed in');
    now += FAILED_ATTEMPTS_WINDOW_MS;
    await expect(withAttemptLimit('+12125550123', right, clock)).resolves.toBe('signed in');
  });

  it('counts only wrong codes and passwords, and a success starts the count again', async () => {
    const offline = () => Promise.reject(Object.assign(new Error('network'), { code: 'auth/network-request-failed' }));
    for (let index = 0; index < MAX_FAILED_ATTEMPTS + 2; index += 1) expect(await messageOf(withAttemptLimit('pat@example.com', offline))).toBe(AUTH_MESSAGES.network);
    const wrongPassword = () => Promise.reject(Object.assign(new Error('x'), { code: 'auth/wrong-password' }));
    for (let index = 1; index < MAX_FAILED_ATTEMPTS; index += 1) await messageOf(withAttemptLimit('pat@example.com', wrongPassword));
    await withAttemptLimit('pat@example.com', () => Promise.resolve(true));
    expect(await messageOf(withAttemptLimit('pat@example.com', wrongPassword))).toBe(AUTH_MESSAGES.wrongPassword);
  });
});
