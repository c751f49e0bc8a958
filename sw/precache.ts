/**
 * The app shell: every built JS/CSS/HTML/icon file (including the lazy route chunks for
 * park-and-pay, digital tickets, exit pass and ticket scan, so they open in a garage with no
 * signal) is precached, and navigations are answered with the precached index.html so deep
 * links work offline. API calls are never navigations we answer with the shell.
 */
/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NAVIGATION_DENYLIST } from './route-matchers.ts';

export function setUpPrecache(manifest: Array<PrecacheEntry | string>): void {
  precacheAndRoute(manifest);
  cleanupOutdatedCaches();
  registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: NAVIGATION_DENYLIST }));
}
