/**
 * Keeps the screen on while a component is shown (Screen Wake Lock API): the exit pass must not
 * dim or lock while the driver waits at the gate. The browser drops the lock whenever the page is
 * hidden, so it is asked for again when the page shows. Where the API is missing or refuses
 * (battery saver, no user activation), nothing else changes.
 */
import { useEffect } from 'react';

export type WakeLockSentinelLike = { release: () => Promise<void> };
export type WakeLockLike = { request: (type: 'screen') => Promise<WakeLockSentinelLike> };
type VisibilitySource = Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;

/** Holds a screen wake lock on `page` until the returned function is called. */
export function keepScreenOn(api: WakeLockLike, page: VisibilitySource): () => void {
  let sentinel: WakeLockSentinelLike | undefined;
  let isEnded = false;
  const acquire = () => {
    if (isEnded || page.visibilityState !== 'visible') return;
    api.request('screen').then(
      (next) => (isEnded ? void next.release().catch(() => undefined) : (sentinel = next)),
      () => undefined,
    );
  };
  acquire();
  page.addEventListener('visibilitychange', acquire);
  return () => {
    isEnded = true;
    page.removeEventListener('visibilitychange', acquire);
    void sentinel?.release().catch(() => undefined);
  };
}

export function useWakeLock(isActive = true): void {
  useEffect(() => {
    const api = (navigator as Navigator & { wakeLock?: WakeLockLike }).wakeLock;
    return isActive && api ? keepScreenOn(api, document) : undefined;
  }, [isActive]);
}
