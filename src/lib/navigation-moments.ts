/**
 * The update's navigation moments (the update banner, src/ui/update-banner.tsx, feeds it the
 * router's location). Each navigation is a safe moment once the old page is gone and the new one
 * has fetched what it needs. Not earlier: Chromium loses the waiting worker's take-over when it is
 * asked while the new page's requests still run through the old worker (the worker never took
 * over and the page never reloaded: e2e update.spec.ts, 15 of 20 runs with the moment at once).
 * So the moment is offered from 1 s after the location changes, every 100 ms until 4 s after it
 * (by the clock: a busy phone's late timers do not stretch the window), whenever the page is
 * quiet; the first offer that finds nothing held applies.
 *
 * The location the banner appears on is not a navigation: only a later change is. Counting the
 * banner's appearance let a release that came out while an exit pass was open reload the page
 * the moment the driver closed the pass.
 */
export const NAVIGATION_QUIET_MS = 1000;
export const NAVIGATION_SETTLE_MS = 4000;
export const NAVIGATION_RETRY_MS = 100;

export type NavigationMomentDeps = {
  /** The router has settled and no query or mutation is running. */
  isPageQuiet: () => boolean;
  /** A new version is installed and waits for a safe moment. */
  isWaiting: () => boolean;
  offer: () => void;
  now?: () => number;
};

export type NavigationMoments = {
  /** The current location, on every change (and on the first render). */
  locationIs: (href: string) => void;
  /** Cancels the offers still to come. */
  stop: () => void;
};

export function watchNavigationMoments({ isPageQuiet, isWaiting, offer, now = Date.now }: NavigationMomentDeps): NavigationMoments {
  let current: string | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => clearTimeout(timer);
  return {
    locationIs(href) {
      if (href === current) return;
      const isFirst = current === undefined;
      current = href;
      stop();
      if (isFirst) return;
      const changedAt = now();
      const tryOffer = () => {
        if (isPageQuiet()) offer();
        if (isWaiting() && now() - changedAt < NAVIGATION_SETTLE_MS) timer = setTimeout(tryOffer, NAVIGATION_RETRY_MS);
      };
      timer = setTimeout(tryOffer, NAVIGATION_QUIET_MS);
    },
    stop,
  };
}
