/**
 * The app shell: every built JS/CSS/HTML/icon file (including the lazy route chunks for
 * park-and-pay, digital tickets, exit pass and ticket scan, so they open in a garage with no
 * signal) is precached, and navigations are answered with the precached index.html so deep
 * links work offline. API calls are never navigations we answer with the shell.
 *
 * Server-rendered pages (src/contract/server-rendered-pages.ts) are asked of the network first
 * while online, so a visitor gets the page drawn with its data; with no answer (offline, or
 * nothing within NETWORK_WAIT_MS) the shell opens them from the saved data, as before. The start
 * URL and the home-screen shortcuts (`?source=…`) always open the shell at once: the driver at
 * the gate, maybe on a weak signal, must never wait for the network (the exit pass budget).
 */
/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import type { RouteHandlerCallback } from 'workbox-core';
import { isServerRenderedPage } from '../src/contract/server-rendered-pages.ts';
import { isHomeScreenLaunch, NAVIGATION_DENYLIST } from './route-matchers.ts';

/** How long a server-rendered page may take before the shell opens it instead. */
const NETWORK_WAIT_MS = 3000;

async function fromNetwork(request: Request): Promise<Response | undefined> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), NETWORK_WAIT_MS);
  try {
    const response = await fetch(request, { signal: controller.signal });
    // The server's not-found page is an answer too; a server error is not (the shell copes better).
    return response.ok || response.status === 404 ? response : undefined;
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

export function setUpPrecache(manifest: Array<PrecacheEntry | string>): void {
  precacheAndRoute(manifest);
  cleanupOutdatedCaches();
  const shell = createHandlerBoundToURL('/index.html');
  const serverPageOrShell: RouteHandlerCallback = async (options) => {
    const { url, request } = options;
    if (isServerRenderedPage(url.pathname) && !isHomeScreenLaunch(url)) {
      const page = await fromNetwork(request);
      if (page) return page;
    }
    return shell(options);
  };
  registerRoute(new NavigationRoute(serverPageOrShell, { denylist: NAVIGATION_DENYLIST }));
}
