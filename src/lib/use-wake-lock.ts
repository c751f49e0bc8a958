/**
 * Keeps the screen on while a component is shown (Screen Wake Lock API): the exit pass must not
 * dim or lock while the driver waits at the gate. The browser drops the lock whenever the page is
 * hidden, so it is asked for again when the page shows. Where the API is missing or refuses
 * (battery saver, no user activation), nothing else changes.
 */
import { useEffect } from 'react';

type WakeLockSentinelLike = { release: () => Promise<void> };
type WakeLockLike = { request: (type: 'screen') => Promise<WakeLockSentinelLike> };

function wakeLockApi(): WakeLockLike | undefined {
  return (navigator as Navigator & { wakeLock?: WakeLockLike }).wakeLock;
}

export function useWakeLock(isActive = true): void {
  useEffect(() => {
    const api = wakeLockApi();
    if (!isActive || !api) return undefined;
    let sentinel: WakeLockSentinelLike | undefined;
    let isEnded = false;
    const acquire = () => {
      if (document.visibilityState !== 'visible') return;
      api.request('screen').then(
        (next) => (isEnded ? void next.release().catch(() => undefined) : (sentinel = next)),
        () => undefined,
      );
    };
    const onVisibilityChange = () => acquire();
    acquire();
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      isEnded = true;
      document.removeEventListener('visibilitychange', onVisibilityChange);
      void sentinel?.release().catch(() => undefined);
    };
  }, [isActive]);
}
