/**
 * The emulator verifier looks the user up once a call and checks from that record what
 * firebase-admin's checkRevoked would look up a second time: a disabled account and a sign-in
 * older than a revocation are refused (auth.ts, emulatorTokenProblem). Against a real emulator.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createEmulatorUser, emulatorAdminAuth as adminAuth, emulatorTokenVerifier, type EmulatorUser } from '../testing/emulator-users.ts';
import type { TokenVerifier } from './auth.ts';

let verify: TokenVerifier;

beforeAll(() => {
  verify = emulatorTokenVerifier();
});

describe('the emulator verifier', () => {
  let driver: EmulatorUser;
  beforeAll(async () => {
    driver = await createEmulatorUser();
  });

  it('refuses a disabled account, and takes it back once enabled again', async () => {
    expect((await verify(driver.idToken)).uid).toBe(driver.uid);
    await adminAuth().updateUser(driver.uid, { disabled: true });
    await expect(verify(driver.idToken)).rejects.toThrow(/disabled/);
    await adminAuth().updateUser(driver.uid, { disabled: false });
    expect((await verify(driver.idToken)).uid).toBe(driver.uid);
  });

  it('refuses a token of a sign-in made before its tokens were revoked', async () => {
    // Revocation is stamped to the second: a sign-in in the same second still counts (as with Firebase).
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await adminAuth().revokeRefreshTokens(driver.uid);
    await expect(verify(driver.idToken)).rejects.toThrow(/revoked/);
  });

  it('answers overlapping calls of one driver alike, each with the record', async () => {
    const other = await createEmulatorUser({ displayName: 'Olive Other' });
    const users = await Promise.all(Array.from({ length: 8 }, () => verify(other.idToken)));
    expect(users.map((user) => user.displayName)).toEqual(Array(8).fill('Olive Other'));
  });
});
