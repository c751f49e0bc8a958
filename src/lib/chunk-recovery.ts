/**
 * A chunk of the app that fails to load: a release replaced the server's files between the page
 * and its next import (the old hashed names are gone), or a weak signal dropped the fetch. The
 * page reloads once, which fetches the new release's HTML and chunks; a page whose app never
 * loaded would otherwise stay as the server drew it, with no link or button working (or blank,
 * for the client-rendered pages).
 *
 * Once only: a second failure within RELOAD_WINDOW_MS of the reload (the server itself is broken)
 * leaves the page as it is rather than reloading for ever. Never offline: with no network a
 * reload shows the browser's offline page, and the server's page is the better of the two (the
 * service worker, when it controls the page, serves every chunk from its precache anyway).
 * Kept in this tab's sessionStorage, so other tabs and later visits are not affected.
 */

export const RELOADED_AT_KEY = 'pf-chunk-reload-at';
/** A failure this soon after the last reload is the server's, not a release's. */
export const RELOAD_WINDOW_MS = 30_000;

type RecoveryEnvironment = {
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined;
  isOnline: () => boolean;
  reload: () => void;
  now: () => number;
};

function browserEnvironment(): RecoveryEnvironment {
  let storage: Storage | undefined;
  try {
    storage = window.sessionStorage;
  } catch {
    // Storage refused (a privacy mode).
    storage = undefined;
  }
  return { storage, isOnline: () => navigator.onLine, reload: () => window.location.reload(), now: () => Date.now() };
}

/** Reloads the page for a failed chunk unless it was just reloaded for one, or is offline; says which. */
export function recoverFromChunkFailure(environment: RecoveryEnvironment = browserEnvironment()): 'reloaded' | 'offline' | 'gave-up' {
  if (!environment.isOnline()) return 'offline';
  // Without storage nothing would stop a loop: the page stays as it is.
  const { storage } = environment;
  if (!storage) return 'gave-up';
  const last = Number(storage.getItem(RELOADED_AT_KEY) ?? Number.NaN);
  if (environment.now() - last < RELOAD_WINDOW_MS) return 'gave-up';
  storage.setItem(RELOADED_AT_KEY, String(environment.now()));
  environment.reload();
  return 'reloaded';
}

/**
 * The browsers' words for a module or stylesheet that could not be fetched (Chromium, Firefox,
 * Safari, Vite's CSS preload). Anything else that rejects a dynamic import is the code's own error
 * (the camera refused while a scanner loads: "NotFoundError: Requested device not found"), which
 * a reload would not cure and its handler already answers.
 */
const CHUNK_LOAD_FAILURE = /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export function isChunkLoadFailure(error: unknown): boolean {
  return CHUNK_LOAD_FAILURE.test(error instanceof Error ? error.message : String(error));
}

/**
 * Vite's preload helper announces a rejected dynamic import (a route's chunk, a lazy feature) with
 * `vite:preloadError` before the import rejects; when a chunk could not be fetched, the page
 * reloads for it as for the entry's.
 */
export function reloadOnFailedPreloads(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (isChunkLoadFailure((event as Event & { payload?: unknown }).payload)) recoverFromChunkFailure();
  });
}
