/**
 * Device storage for what must open with no signal (DESIGN.md "Offline and the lot"): exit-pass
 * payloads in IndexedDB through idb-keyval. The ONLY module importing idb-keyval. Every call
 * swallows storage failures (private mode, quota): the pass still shows from memory. A pass is
 * read back only by the driver it was saved for (src/lib/saved-data-owner.ts).
 */
import { clear, createStore, del, get, keys, set, type UseStore } from 'idb-keyval';
import { STORAGE_KEYS } from './constants';
import { deviceHolderUid, isHoldersData, type SavedDataOwner } from './saved-data-owner';
import { removeStorage } from './storage';

export type ExitPassRecord = {
  ticketNumber: string;
  /** The text the QR encodes (the ticket's URL; gates read the part after the last slash). */
  qrText: string;
  licensePlate: string;
  address: string;
  entryLocalTime: string;
  savedAt: number;
  /** The stored sign-in's user when saved; null when nobody was signed in; absent in passes saved before owners were written. */
  ownerUid?: SavedDataOwner;
};

/** Passes of another driver, or of a Logout that was cut off, are not there for this device's holder. */
const isHoldersPass = (record: ExitPassRecord | undefined, holder: SavedDataOwner): record is ExitPassRecord =>
  record !== undefined && isHoldersData(record.ownerUid, holder);

let store: UseStore | undefined;
const exitPassStore = () => (store ??= createStore('pf-offline', 'exit-passes'));

const plateKey = (plate: string) => `plate:${plate.toUpperCase()}`;

export async function saveExitPass(record: ExitPassRecord): Promise<void> {
  try {
    await set(plateKey(record.licensePlate), record, exitPassStore());
  } catch {
    // Not remembered: the pass still renders from the live ticket.
  }
}

/** The holder's pass of this plate (another driver's is as if none were kept). */
export async function readExitPass(licensePlate: string): Promise<ExitPassRecord | undefined> {
  try {
    const record = await get<ExitPassRecord>(plateKey(licensePlate), exitPassStore());
    return isHoldersPass(record, deviceHolderUid()) ? record : undefined;
  } catch {
    return undefined;
  }
}

/** Every pass kept for the device's holder. */
export async function listExitPasses(): Promise<ExitPassRecord[]> {
  try {
    const all = await keys(exitPassStore());
    const records = await Promise.all(all.map((key) => get<ExitPassRecord>(key, exitPassStore())));
    const holder = deviceHolderUid();
    return records.filter((record) => isHoldersPass(record, holder));
  } catch {
    return [];
  }
}

export async function removeExitPass(licensePlate: string): Promise<void> {
  try {
    await del(plateKey(licensePlate), exitPassStore());
  } catch {
    // Nothing to do.
  }
}

/**
 * Sign-out (or another account signing in on this device): the passes and their kept QR matrices
 * belong to the user who saw them, so they go with the rest of that user's data.
 */
export async function clearExitPasses(): Promise<void> {
  removeStorage(STORAGE_KEYS.exitPassQr);
  try {
    await clear(exitPassStore());
  } catch {
    // Nothing stored, or storage unavailable.
  }
}

/**
 * Form drafts that must survive a reload and a lost signal, photos included (the claim report,
 * features/claims/claim-draft-store.ts): any structured-cloneable value, Blobs too, by key, in
 * their own database. Not cleared at sign-out: a draft is what the person typed, signed in or not,
 * and only sending it (or the person discarding it) removes it.
 */
let draftsStore: UseStore | undefined;
const formDrafts = () => (draftsStore ??= createStore('pf-drafts', 'drafts'));

export async function readDraft<T>(key: string): Promise<T | undefined> {
  try {
    return await get<T>(key, formDrafts());
  } catch {
    return undefined;
  }
}

/** False when the device would not store it (private mode, quota): the caller can say so. */
export async function saveDraft(key: string, value: unknown): Promise<boolean> {
  try {
    await set(key, value, formDrafts());
    return true;
  } catch {
    return false;
  }
}

export async function removeDraft(key: string): Promise<void> {
  try {
    await del(key, formDrafts());
  } catch {
    // Nothing stored, or storage unavailable.
  }
}
