/**
 * Whether a CSS media query matches, kept in step with the viewport through `matchMedia`. The
 * server-less first render (and a browser without matchMedia) counts as "no match".
 */
import { useCallback, useSyncExternalStore } from 'react';

/** Spec 2 §9 and spec 3 §9: the mobile layout is below 576 px wide. */
export const MOBILE_MEDIA_QUERY = '(max-width: 575.98px)';

const matches = (query: string): boolean => globalThis.matchMedia?.(query).matches ?? false;

/** `useSyncExternalStore`'s subscription to the query's changes. */
function useQueryChanges(query: string): (onChange: () => void) => () => void {
  return useCallback(
    (onChange: () => void) => {
      const list = globalThis.matchMedia?.(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    [query],
  );
}

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(useQueryChanges(query), () => matches(query), () => false);
}

/**
 * As `useMediaQuery`, but undefined when rendered on the server, which cannot know the viewport:
 * a server-rendered page then draws both layouts and lets CSS show the right one, so the browser's
 * render over it moves nothing (the session's location, park-and-pay.css `.park-map--phone-only`).
 */
export function useMediaQueryOnDevice(query: string): boolean | undefined {
  return useSyncExternalStore<boolean | undefined>(useQueryChanges(query), () => matches(query), () => undefined);
}
