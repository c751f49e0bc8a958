/**
 * The ParkFair service worker (built by vite-plugin-pwa, injectManifest). Listeners only
 * dispatch to named helpers; each concern lives in its own module:
 * precache.ts (shell + offline deep links), runtime-caching.ts (API reads, images, map data),
 * messages.ts (the page ↔ worker protocol), claims-sync.ts (Background Sync of a queued claim). No skipWaiting on install: the page asks for it.
 */
/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { setUpClaimsSync } from './claims-sync.ts';
import { handleMessage } from './messages.ts';
import { setUpPrecache } from './precache.ts';
import { setUpRuntimeCaching } from './runtime-caching.ts';

declare const self: ServiceWorkerGlobalScope;

setUpPrecache(self.__WB_MANIFEST);
setUpRuntimeCaching();
// Take control of the first visit's page (no earlier worker to disagree with), so the shell is
// offline-ready without a reload. Updates still wait for SKIP_WAITING from the page.
clientsClaim();
self.addEventListener('message', handleMessage);
setUpClaimsSync();
