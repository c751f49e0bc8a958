import { afterEach, describe, expect, it, vi } from 'vitest';
import { deviceHolderUid, isHoldersData, isHoldersSignedInData } from './saved-data-owner';

/** A device whose stored sign-in item is `auth` (null: none). */
function device(auth: string | null) {
  vi.stubGlobal('localStorage', { getItem: (key: string) => (key === 'pf-auth' ? auth : null) });
}

afterEach(() => vi.unstubAllGlobals());

describe('the device holder', () => {
  it("is the stored sign-in's user, also once a forced sign-out marked it expired; nobody with no item or a corrupt one", () => {
    device(JSON.stringify({ uid: 'u1', signinTime: 1 }));
    expect(deviceHolderUid()).toBe('u1');
    device(JSON.stringify({ uid: 'u1', signinTime: 1, isExpired: true }));
    expect(deviceHolderUid()).toBe('u1');
    device(null);
    expect(deviceHolderUid()).toBeNull();
    device('{not json');
    expect(deviceHolderUid()).toBeNull();
  });
});

describe("whose saved data is shown (a pass, the saved ticket list)", () => {
  it("shows a driver's data to that driver only: not after a Logout cut off before its clearing (no stored sign-in), not to another driver", () => {
    expect(isHoldersData('u1', 'u1')).toBe(true);
    expect(isHoldersData('u1', null)).toBe(false);
    expect(isHoldersData('u1', 'u2')).toBe(false);
  });

  it('shows a pass saved signed out only while nobody is signed in', () => {
    expect(isHoldersData(null, null)).toBe(true);
    expect(isHoldersData(null, 'u1')).toBe(false);
  });

  it('gives data saved before owners were written to the stored sign-in, and to nobody without one', () => {
    expect(isHoldersData(undefined, 'u1')).toBe(true);
    expect(isHoldersData(undefined, null)).toBe(false);
  });

  it("never gives the signed-in user's queries to a signed-out holder, whatever the copy says", () => {
    expect(isHoldersSignedInData(null, null)).toBe(false);
    expect(isHoldersSignedInData(undefined, null)).toBe(false);
    expect(isHoldersSignedInData('u1', 'u1')).toBe(true);
    expect(isHoldersSignedInData('u1', 'u2')).toBe(false);
  });
});
