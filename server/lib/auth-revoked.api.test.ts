/**
 * The emulator verifier looks the user up and checks from that record what firebase-admin's
 * checkRevoked would look up a second time: a disabled account and a sign-in older than a
 * revocation are refused (auth.ts, emulatorTokenProblem). A record looked up in the last
 * RECORD_REUSE_MS may accept another token of its user; a refusal is made on a fresh record only.
 * Against a real emulator.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { claimsOf, createEmulatorUser, emulatorAdminAuth as adminAuth, emulatorTokenVerifier, signInAgain, type EmulatorUser, unsignedToken as unsigned } from '../testing/emulator-users.ts';
import { RECORD_REUSE_MS, type TokenVerifier } from './auth.ts';

const pastReuse = () => new Promise((resolve) => setTimeout(resolve, RECORD_REUSE_MS + 50));

let verify: TokenVerifier;

beforeAll(() => {
  verify = emulatorTokenVerifier();
});

describe('the emulator verifier', () => {
  let driver: EmulatorUser;
  beforeAll(async () => {
    driver = await createEmulatorUser();
  });

  it('refuses a disabled account once its kept record is RECORD_REUSE_MS old, and takes it back once enabled again', async () => {
    expect((await verify(driver.idToken)).uid).toBe(driver.uid);
    await adminAuth().updateUser(driver.uid, { disabled: true });
    await pastReuse();
    await expect(verify(driver.idToken)).rejects.toThrow(/disabled/);
    await adminAuth().updateUser(driver.uid, { disabled: false });
    expect((await verify(driver.idToken)).uid).toBe(driver.uid);
  });

  it('refuses a token of a sign-in made before its tokens were revoked', async () => {
    // Revocation is stamped to the second: a sign-in in the same second still counts (as with Firebase).
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await adminAuth().revokeRefreshTokens(driver.uid);
    await pastReuse();
    await expect(verify(driver.idToken)).rejects.toThrow(/revoked/);
  });

  it('takes a new sign-in\'s token at once though the record of the last one is kept, and then refuses the old token', async () => {
    const dora = await createEmulatorUser();
    expect((await verify(dora.idToken)).uid).toBe(dora.uid);
    // A new sign-in second: auth_time is to the second.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const fresh = await signInAgain(dora);
    expect((await verify(fresh)).uid).toBe(dora.uid);
    await expect(verify(dora.idToken)).rejects.toThrow(/last sign-in/);
  });

  it('believes nothing but the uid of an edited token while the record is kept', async () => {
    const erin = await createEmulatorUser();
    expect((await verify(erin.idToken)).isStaff).toBe(false);
    const claims = claimsOf(erin.idToken);
    expect(await verify(unsigned({ ...claims, staff: true, email: 'boss@parkfair.example' }))).toMatchObject({ uid: erin.uid, isStaff: false, email: erin.email });
    await expect(verify(unsigned({ ...claims, exp: claims.iat + 10 * 365 * 86_400 }))).rejects.toThrow(/longer life/);
  });

  it('answers overlapping calls of one driver alike, each with the record', async () => {
    const other = await createEmulatorUser({ displayName: 'Olive Other' });
    const users = await Promise.all(Array.from({ length: 8 }, () => verify(other.idToken)));
    expect(users.map((user) => user.displayName)).toEqual(Array(8).fill('Olive Other'));
  });
});
