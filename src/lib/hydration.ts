/**
 * Whether the page is past hydration, for parts the server draws one way and the browser another
 * (the cookie notice of a device that accepted it, the router's head tags, a referrer's banner).
 *
 * TanStack Router's `useHydrated` flips through `useSyncExternalStore`, whose changes React
 * renders synchronously: after a hydration every component that asks re-rendered at once, in the
 * task that runs the hydration's effects (16–48 ms of a 28–59 ms task at 1× on /locations, a
 * 2-core machine: a long task before the page is interactive, issue 16 item 3). Here the flip is
 * a transition: React renders it in slices between the browser's own work.
 *
 * The server and a hydrating render (also of a part that hydrates later, its chunk loaded then)
 * see `false`; a page the browser renders itself sees `true` at once.
 */
import { startTransition, useEffect, useReducer, useSyncExternalStore } from 'react';

/** False from the start of the root's hydration until it has committed (src/main.tsx). */
let isRootHydrated = true;
let waiting: Array<() => void> = [];

/** The root is about to hydrate the server's markup. */
export function beginHydration(): void {
  isRootHydrated = false;
}

/** The root's hydration has committed: the parts waiting for it re-render, in a transition. */
export function markRootHydrated(): void {
  isRootHydrated = true;
  const rerenders = waiting;
  waiting = [];
  startTransition(() => rerenders.forEach((rerender) => rerender()));
}

const noSubscription = () => () => undefined;

export function useHydrated(): boolean {
  // In a hydrating render React reads the server snapshot; otherwise the flag. Comparing the two
  // after the hydration is what made TanStack's version re-render synchronously: here they agree
  // until markRootHydrated, which re-renders through the reducer below instead (a part unmounted
  // by then ignores it).
  const isHydrated = useSyncExternalStore(noSubscription, () => isRootHydrated, () => false);
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    if (!isHydrated) waiting.push(rerender);
  }, [isHydrated]);
  return isHydrated;
}
