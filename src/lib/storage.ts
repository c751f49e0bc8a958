/**
 * Safe web-storage access: private modes and full quotas throw, and the app must keep working.
 * Keys must carry the `pf-` prefix (see STORAGE_KEYS).
 */

/** Where a value is kept: on the device (localStorage: every tab, every visit) or in this tab only (sessionStorage). */
export type StorageArea = 'device' | 'tab';

const storageOf = (area: StorageArea) => (area === 'tab' ? globalThis.sessionStorage : globalThis.localStorage);

export function readStorage(key: string, area: StorageArea = 'device'): string | null {
  try {
    return storageOf(area)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string, area: StorageArea = 'device'): void {
  try {
    storageOf(area)?.setItem(key, value);
  } catch {
    // Storage full or blocked: the value simply is not remembered.
  }
}

export function removeStorage(key: string, area: StorageArea = 'device'): void {
  try {
    storageOf(area)?.removeItem(key);
  } catch {
    // Nothing to do.
  }
}
