/**
 * The emulator token rules on their own: which dates a token the emulator issued can have, and
 * that the caller's identity is the record's, whatever the token says. The same rules through the
 * real app and a real emulator: server/app-access.api.test.ts.
 */
import type { UserRecord } from 'firebase-admin/auth';
import { describe, expect, it } from 'vitest';
import { emulatorTokenProblem, identityOfRecord, recentLookups, singleFlight, TOKEN_LIFETIME_SECONDS } from './auth.ts';
import { addressBlockOf, claimedUid } from './token-guessing.ts';

const SIGNED_IN = 1_796_536_086;
const utc = (seconds: number) => new Date(seconds * 1000).toUTCString();

/** The fields of firebase-admin's UserRecord these rules read, as getUser returns them. */
function record(overrides: { refreshed?: number; signedIn?: number | null; customClaims?: Record<string, unknown>; disabled?: boolean; validAfter?: number } = {}): UserRecord {
  const signedIn = overrides.signedIn === undefined ? SIGNED_IN : overrides.signedIn;
  return {
    uid: 'driver-1',
    email: 'driver@example.com',
    emailVerified: false,
    phoneNumber: '+12015550100',
    displayName: 'Dana Driver',
    customClaims: overrides.customClaims,
    disabled: overrides.disabled ?? false,
    tokensValidAfterTime: overrides.validAfter === undefined ? undefined : utc(overrides.validAfter),
    metadata: { creationTime: utc(SIGNED_IN - 86_400), lastSignInTime: signedIn === null ? undefined : utc(signedIn), lastRefreshTime: utc(overrides.refreshed ?? SIGNED_IN + 600) },
  } as unknown as UserRecord;
}

const issued = (iat: number) => ({ auth_time: SIGNED_IN, iat, exp: iat + TOKEN_LIFETIME_SECONDS });

describe('emulatorTokenProblem', () => {
  it('accepts tokens the emulator issued for the current sign-in, from the sign-in to the last refresh', () => {
    const now = SIGNED_IN + 900;
    for (const iat of [SIGNED_IN, SIGNED_IN + 300, SIGNED_IN + 600, SIGNED_IN + 605]) expect(emulatorTokenProblem(issued(iat), record(), now), String(iat)).toBeUndefined();
  });

  it('refuses a token naming another second of sign-in, or a user who never signed in', () => {
    expect(emulatorTokenProblem({ ...issued(SIGNED_IN), auth_time: SIGNED_IN - 1 }, record(), SIGNED_IN + 10)).toMatch(/auth_time/);
    expect(emulatorTokenProblem(issued(SIGNED_IN), record({ signedIn: null }), SIGNED_IN + 10)).toMatch(/never signed in/);
  });

  it('refuses a longer life than an hour, whatever exp says', () => {
    expect(emulatorTokenProblem({ auth_time: SIGNED_IN, iat: SIGNED_IN, exp: SIGNED_IN + 10 * 365 * 86_400 }, record(), SIGNED_IN + 10)).toMatch(/longer life/);
    expect(emulatorTokenProblem({ auth_time: SIGNED_IN, iat: SIGNED_IN, exp: SIGNED_IN + TOKEN_LIFETIME_SECONDS + 1 }, record(), SIGNED_IN + 10)).toMatch(/longer life/);
    expect(emulatorTokenProblem(issued(SIGNED_IN + 600), record(), SIGNED_IN + 600 + TOKEN_LIFETIME_SECONDS)).toMatch(/more than an hour old/);
  });

  it('refuses dates the emulator cannot have written: in the future, before the sign-in, after the last refresh', () => {
    expect(emulatorTokenProblem(issued(SIGNED_IN + 700), record({ refreshed: SIGNED_IN + 800 }), SIGNED_IN + 600)).toMatch(/future/);
    expect(emulatorTokenProblem(issued(SIGNED_IN - 1), record(), SIGNED_IN + 10)).toMatch(/before the sign-in/);
    expect(emulatorTokenProblem(issued(SIGNED_IN + 606), record(), SIGNED_IN + 900)).toMatch(/issued no token/);
    expect(emulatorTokenProblem({ auth_time: SIGNED_IN, iat: SIGNED_IN + 0.5, exp: SIGNED_IN + 3600 }, record(), SIGNED_IN + 10)).toMatch(/whole number/);
  });
});

describe('emulatorTokenProblem, what checkRevoked would check', () => {
  it('refuses a disabled user, and a sign-in older than the revocation of its tokens', () => {
    expect(emulatorTokenProblem(issued(SIGNED_IN), record({ disabled: true }), SIGNED_IN + 10)).toMatch(/disabled/);
    expect(emulatorTokenProblem(issued(SIGNED_IN), record({ validAfter: SIGNED_IN + 1 }), SIGNED_IN + 10)).toMatch(/revoked/);
    expect(emulatorTokenProblem(issued(SIGNED_IN), record({ validAfter: SIGNED_IN }), SIGNED_IN + 10)).toBeUndefined();
  });
});

/** A lookup whose first call fails ("emulator down") and whose later ones answer 'record'. */
function failingOnce() {
  let calls = 0;
  const lookUp = async (_key: string) => {
    calls += 1;
    if (calls === 1) throw new Error('emulator down');
    return 'record';
  };
  return { lookUp, calls: () => calls };
}

describe('singleFlight', () => {
  it('shares one lookup among overlapping calls for a key, and looks up again once it settled', async () => {
    const asked: string[] = [];
    const lookUp = singleFlight(async (key: string) => {
      asked.push(key);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return `${key}#${asked.length}`;
    });
    expect(await Promise.all([lookUp('a'), lookUp('a'), lookUp('b')])).toEqual(['a#2', 'a#2', 'b#2']);
    expect(asked).toEqual(['a', 'b']);
    expect(await lookUp('a')).toBe('a#3');
  });

  it('hands a failure to every waiting call and keeps nothing of it', async () => {
    const emulator = failingOnce();
    const lookUp = singleFlight(emulator.lookUp);
    await expect(Promise.all([lookUp('a'), lookUp('a')])).rejects.toThrow('emulator down');
    expect(await lookUp('a')).toBe('record');
    expect(emulator.calls()).toBe(2);
  });
});

describe('recentLookups', () => {
  function counting() {
    let now = 0;
    const asked: string[] = [];
    const lookups = recentLookups(async (key: string) => {
      asked.push(key);
      return `${key}#${asked.length}`;
    }, 500, () => now);
    return { lookups, asked, at: (ms: number) => (now = ms) };
  }

  it('answers a lookup asked for less than the reuse time ago, marked reused, and looks up anew after it', async () => {
    const { lookups, asked, at } = counting();
    expect(await lookups.recent('a')).toEqual({ value: 'a#1', isReused: false });
    at(499);
    expect(await lookups.recent('a')).toEqual({ value: 'a#1', isReused: true });
    expect(await lookups.recent('b')).toEqual({ value: 'b#2', isReused: false });
    at(500);
    expect(await lookups.recent('a')).toEqual({ value: 'a#3', isReused: false });
    expect(asked).toEqual(['a', 'b', 'a']);
  });

  it('always looks up for fresh, and keeps what it found for the next recent', async () => {
    const { lookups, at } = counting();
    await lookups.recent('a');
    at(100);
    expect(await lookups.fresh('a')).toBe('a#2');
    at(550);
    expect(await lookups.recent('a')).toEqual({ value: 'a#2', isReused: true });
  });

  it('keeps nothing of a failed lookup', async () => {
    const lookups = recentLookups(failingOnce().lookUp, 500, () => 0);
    await expect(lookups.recent('a')).rejects.toThrow('emulator down');
    expect(await lookups.recent('a')).toEqual({ value: 'record', isReused: false });
  });

  it('lets expired lookups go once it holds more than a thousand', async () => {
    const { lookups, asked, at } = counting();
    for (let i = 0; i < 1001; i += 1) await lookups.recent(`old-${i}`);
    at(600);
    await lookups.recent('new');
    expect(lookups.size).toBe(1);
    expect(asked).toHaveLength(1002);
    expect(await lookups.recent('new')).toEqual({ value: 'new#1002', isReused: true });
  });

  it('keeps a thousand lookups that have not expired', async () => {
    const { lookups } = counting();
    for (let i = 0; i < 1001; i += 1) await lookups.recent(`key-${i}`);
    expect(lookups.size).toBe(1001);
  });
});

describe('identityOfRecord', () => {
  it('takes staff, email, phone and name from the record', () => {
    expect(identityOfRecord(record())).toEqual({ uid: 'driver-1', email: 'driver@example.com', phoneNumber: '+12015550100', isStaff: false, displayName: 'Dana Driver' });
    expect(identityOfRecord(record({ customClaims: { staff: true } })).isStaff).toBe(true);
    expect(identityOfRecord(record({ customClaims: { staff: 'true' } })).isStaff).toBe(false);
  });
});

describe('token-guessing keys', () => {
  it('counts an IPv6 address by its /64 and an IPv4 one by itself', () => {
    expect(addressBlockOf('203.0.113.7')).toBe('203.0.113.7');
    expect(addressBlockOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressBlockOf('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressBlockOf('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(addressBlockOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressBlockOf('::1')).toBe('0:0:0:0::/64');
  });

  it('reads the uid a token names, if any', () => {
    const token = (claims: unknown) => `x.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
    expect(claimedUid(token({ sub: 'driver-1' }))).toBe('driver-1');
    expect(claimedUid(token({ sub: 'x'.repeat(129) }))).toBeUndefined();
    expect(claimedUid(token({ sub: 7 }))).toBeUndefined();
    expect(claimedUid('not-a-jwt')).toBeUndefined();
  });
});
