/**
 * Runtime caches for what is not in the precache:
 * - public API reads (locations, content): stale-while-revalidate, so a garage list and static
 *   pages show at once and offline, and refresh in the background when there is signal;
 * - location photos and offline map data: cache-first (they change only with a new file name).
 * Private API reads (accounts, tickets, …) are never cached by the worker: the page persists
 * what it needs under its own keys.
 */
/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { setUpMapTileCache } from './map-tile-cache.ts';
import { isCacheableMapData, isImage, isPublicApiRead } from './route-matchers.ts';

export const CACHE_NAMES = { publicApi: 'pf-api-public', images: 'pf-images', mapData: 'pf-map-data' } as const;

const DAY_SECONDS = 24 * 60 * 60;

export function setUpRuntimeCaching(): void {
  registerRoute(
    ({ url, request, sameOrigin }) => isPublicApiRead(url, request.method, sameOrigin),
    new StaleWhileRevalidate({
      cacheName: CACHE_NAMES.publicApi,
      plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 14 * DAY_SECONDS })],
    }),
  );
  registerRoute(
    ({ url, sameOrigin }) => isImage(url, sameOrigin),
    new CacheFirst({
      cacheName: CACHE_NAMES.images,
      plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * DAY_SECONDS, purgeOnQuotaError: true })],
    }),
  );
  registerRoute(
    ({ url, request, sameOrigin }) => isCacheableMapData(url, sameOrigin, request.headers.has('range')),
    new CacheFirst({
      cacheName: CACHE_NAMES.mapData,
      plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 500, maxAgeSeconds: 60 * DAY_SECONDS, purgeOnQuotaError: true })],
    }),
  );
  // The map tiles' range reads, range by range (map-tile-cache.ts).
  setUpMapTileCache();
}
