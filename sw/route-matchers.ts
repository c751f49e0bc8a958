/**
 * Which requests each worker route handles: pure predicates, so they are unit-tested without a
 * worker (sw/route-matchers.test.ts).
 */

/** Navigations that must reach the network: any `/<service>/api/…`, health, map data, files. */
export const NAVIGATION_DENYLIST: RegExp[] = [/^\/[^/]+\/api(\/|$)/, /^\/healthz(\/|$)/, /^\/mapdata\//, /\/[^/]+\.[a-z0-9]+$/i];

export function isShellNavigation(pathname: string): boolean {
  return !NAVIGATION_DENYLIST.some((pattern) => pattern.test(pathname));
}

/**
 * Opened from the home screen: the manifest's start URL (`/?source=pwa`) and its shortcuts
 * (`?source=shortcut`). These always open the precached shell at once (sw/precache.ts).
 */
export function isHomeScreenLaunch(url: URL): boolean {
  return url.searchParams.has('source');
}

/** Locations and content are public and change rarely: safe to show from cache, then refresh. */
export function isPublicApiRead(url: URL, method: string, sameOrigin: boolean): boolean {
  return sameOrigin && method === 'GET' && /^\/(locations|content)\/api\//.test(url.pathname);
}

export function isImage(url: URL, sameOrigin: boolean): boolean {
  return sameOrigin && url.pathname.startsWith('/images/');
}

/**
 * Range requests (the .pmtiles archive) go to the network: a 206 cannot be stored in the Cache
 * API, and caching the whole archive on the first range read would download all of it.
 */
export function isCacheableMapData(url: URL, sameOrigin: boolean, hasRange: boolean): boolean {
  return sameOrigin && !hasRange && url.pathname.startsWith('/mapdata/');
}
