/**
 * Whose saved driver data this is (the signed-in user's queries in the persisted cache, the exit
 * passes kept in IndexedDB), and whether the device's holder now may see it. The holder is the
 * user of the stored sign-in `pf-auth` — signed in, or signed out by force (the item stays,
 * marked expired, and the gate pages keep showing that driver's pass) — or, with no item,
 * whoever holds the device signed out.
 *
 * Logout removes the item first and the data just after, in other writes (the persister's
 * throttled save, IndexedDB): a tab killed in between, or a write that fails (quota, private
 * mode), leaves one driver's car on a device with no sign-in, where the next person would see
 * it. So every reader checks the owner written with the data against the holder, never the
 * data's mere presence. In the entry: the persisted cache is restored through it.
 */
import { STORAGE_KEYS } from './constants';
import { readStorage } from './storage';
import { parseStoredAuth } from './stored-auth';

/** A driver's uid; null: saved while nobody was signed in on this device. */
export type SavedDataOwner = string | null;

/** The device's holder now: the stored sign-in's user (expired too), else null. */
export const deviceHolderUid = (): SavedDataOwner => parseStoredAuth(readStorage(STORAGE_KEYS.auth))?.uid ?? null;

/**
 * Whether data saved for `owner` is the holder's. A driver's data is that driver's only; data
 * saved signed out is the signed-out holder's (a sign-in drops it, src/lib/session-store.ts).
 * `undefined`: saved before owners were written. Every such copy was saved by a page that opens
 * only with a stored sign-in, so it is the stored sign-in's (a driver parked when the update
 * came still gets out offline); with no item it is a Logout's leftover, nobody's.
 */
export const isHoldersData = (owner: SavedDataOwner | undefined, holder: SavedDataOwner): boolean =>
  owner === undefined ? holder !== null : owner === holder;

/** The signed-in user's queries (fetched with a token) are a signed-in driver's, never the signed-out holder's. */
export const isHoldersSignedInData = (owner: SavedDataOwner | undefined, holder: SavedDataOwner): boolean => holder !== null && isHoldersData(owner, holder);
