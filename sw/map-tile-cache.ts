/**
 * Offline map tiles for the lot (runtime-caching.ts caches the rest of /mapdata/). The vector
 * tiles are one .pmtiles archive read with HTTP Range requests; a 206 cannot go into the Cache
 * API and caching the whole 2 MB archive on the first read would download all of it. So each
 * range the map reads — the header, the directory and the tiles around the session's pin — is
 * stored on its own (as a 200 under a key naming the byte range) and served back as the same 206,
 * cache-first: a driver who saw the session's map with signal sees it again underground.
 * A request that asks for a fresh copy (`cache: 'reload'` after the archive changed, or
 * 'no-store' when the browser's HTTP cache is off) goes to the network first and refreshes the
 * stored range, falling back to it with no signal.
 */
/// <reference lib="webworker" />
import { CacheExpiration } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { mapTileRangeKey } from './map-tile-range.ts';

export const MAP_TILES_CACHE = 'pf-map-tiles';
const DAY_SECONDS = 24 * 60 * 60;

const partial = (body: BodyInit | null, headers: Headers) => new Response(body, { status: 206, statusText: 'Partial Content', headers });

export function setUpMapTileCache(): void {
  const expiration = new CacheExpiration(MAP_TILES_CACHE, { maxEntries: 120, maxAgeSeconds: 60 * DAY_SECONDS });
  registerRoute(
    ({ url, request, sameOrigin }) => mapTileRangeKey(url, sameOrigin, request.headers.get('range')) !== undefined,
    async ({ request, url }) => {
      const key = mapTileRangeKey(url, true, request.headers.get('range')) ?? url.href;
      const cache = await caches.open(MAP_TILES_CACHE);
      const fromCache = async () => {
        const stored = await cache.match(key);
        if (stored) void expiration.updateTimestamp(key);
        return stored && partial(stored.body, new Headers(stored.headers));
      };
      const wantsFresh = request.cache === 'reload' || request.cache === 'no-store';
      const cached = wantsFresh ? undefined : await fromCache();
      if (cached) return cached;
      let response: Response;
      try {
        response = await fetch(request);
      } catch (error: unknown) {
        // No signal: even a request that asked for a fresh copy gets the stored range.
        const fallback = wantsFresh ? await fromCache() : undefined;
        if (fallback) return fallback;
        throw error;
      }
      if (response.status !== 206) return response;
      const body = await response.arrayBuffer();
      await cache.put(key, new Response(body, { status: 200, headers: response.headers }));
      await expiration.updateTimestamp(key);
      void expiration.expireEntries();
      return partial(body, new Headers(response.headers));
    },
  );
}
