/**
 * Spec 2 §4 Email verification: before sending a verification email the page remembers where to
 * return, with a timestamp, under `emailVerify-return` (with the app's pf- storage prefix); a
 * verified link goes back there when the target is under 6 hours old.
 */
import { STORAGE_PREFIX } from '../../lib/constants';
import { readStorage, removeStorage, writeStorage } from '../../lib/storage';

export const EMAIL_VERIFY_RETURN_KEY = `${STORAGE_PREFIX}emailVerify-return`;
export const EMAIL_VERIFY_RETURN_TTL_MS = 6 * 3600_000;

type Store = { read: (key: string) => string | null; write: (key: string, value: string) => void; remove: (key: string) => void };
const localStore: Store = { read: readStorage, write: writeStorage, remove: removeStorage };

export function rememberVerifyReturn(path: string, now: number, store: Store = localStore): void {
  store.write(EMAIL_VERIFY_RETURN_KEY, JSON.stringify({ url: path, timestamp: now }));
}

/** The stored target when under 6 hours old; the item is used up either way. */
export function takeVerifyReturn(now: number, store: Store = localStore): string | undefined {
  const raw = store.read(EMAIL_VERIFY_RETURN_KEY);
  store.remove(EMAIL_VERIFY_RETURN_KEY);
  if (!raw) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    if (value && typeof value === 'object' && 'url' in value && 'timestamp' in value && typeof value.url === 'string' && typeof value.timestamp === 'number') {
      const isFresh = now - value.timestamp < EMAIL_VERIFY_RETURN_TTL_MS && now >= value.timestamp;
      return isFresh && value.url.startsWith('/') && !value.url.startsWith('//') ? value.url : undefined;
    }
  } catch {
    // A corrupt item is as good as none.
  }
  return undefined;
}
