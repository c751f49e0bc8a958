/**
 * Taps on a server-rendered page before React has attached to it. The page is drawn from the
 * HTML while the entry chunk and the page's chunk load; its buttons have no handlers yet, so a tap
 * on "View Rates" or "Activate Parking" then would be lost. A few lines in index.html (they run
 * before the body is parsed; the CSP allows them by hash) keep such taps on buttons inside #root,
 * and stop their default (a form's native submit would reload the page). Once the app has
 * hydrated, the last kept tap is replayed on its button; links and fields work without React and
 * are never kept. A page the app renders over instead of hydrating drops them (its buttons are
 * new elements). The names below are the ones index.html uses.
 */
declare global {
  interface Window {
    /** Set once React has attached (or rendered over the page): index.html stops keeping taps. */
    __pfAttached?: boolean;
    __pfEarlyClicks?: Element[];
  }
}

const REPLAY_WAIT_MS = 5000;
const REPLAY_POLL_MS = 50;

/**
 * React has attached this element: it carries React's props key. A part of the page inside a
 * Suspense boundary hydrates after the root does (when its code or data arrives), and a click on
 * it before then would reach no handler.
 */
const isHydrated = (element: Element): boolean => Object.keys(element).some((key) => key.startsWith('__reactProps'));

/** The app has attached: later taps go to React; the last kept tap, if its button is still on the page, is replayed once its part of the page has hydrated. */
export function replayEarlyClick(): void {
  window.__pfAttached = true;
  const kept = window.__pfEarlyClicks?.splice(0) ?? [];
  const last = kept.at(-1);
  if (!(last instanceof HTMLElement)) return;
  const startedAt = Date.now();
  const replay = (): void => {
    if (!last.isConnected) return;
    if (isHydrated(last)) last.click();
    else if (Date.now() - startedAt < REPLAY_WAIT_MS) setTimeout(replay, REPLAY_POLL_MS);
  };
  replay();
}

/** The app renders over the server's markup: the kept taps' buttons are gone with it. */
export function dropEarlyClicks(): void {
  window.__pfAttached = true;
  window.__pfEarlyClicks?.splice(0);
}
