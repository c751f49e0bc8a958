/**
 * The pages rendered on the server (README "Public pages are rendered on the server"): the
 * public pages a visitor or a search engine opens first, and the park-and-pay session for its
 * signed-in driver (below). Everything else — other signed-in pages, the lot's flows — gets the
 * app shell (dist/index.html) and renders in the browser, as the service worker's offline shell
 * does. Read by the server (server/ssr/render-pages.ts) and the service worker (sw/precache.ts),
 * which asks the network for the public pages while online.
 */
import { CONTENT_PAGE_NAMES } from './content-pages.ts';

const SERVER_RENDERED = [
  /^\/$/,
  /^\/locations\/?$/,
  /^\/locations\/[^/]+\/?$/,
  /^\/parkandpay\/welcome\/?$/,
  // The static content pages (src/routes/$page.tsx), by their URL name.
  new RegExp(`^/(${CONTENT_PAGE_NAMES.join('|')})/?$`),
  // The search screens: the priced list is in the HTML (the map draws in the browser).
  /^\/search\/results\/?$/,
  /^\/search\/(event|content)\/[^/]+(\/[^/]+)?\/?$/,
];

export function isServerRenderedPage(pathname: string): boolean {
  return SERVER_RENDERED.some((pattern) => pattern.test(pathname));
}

/**
 * Signed-in pages the server renders too, for a caller whose Firebase ID token comes with the
 * navigation in the page-token cookie (src/lib/page-token-cookie.ts): the park-and-pay session,
 * so a driver opening it cold (no service worker yet: a link, a first visit) sees the ticket in
 * the first HTML instead of after ~150 KB of scripts. The server verifies the token and calls the
 * API with it as the browser would (server/ssr/render-pages.ts); without a valid one the shell is
 * served as before. The browser renders over this markup rather than hydrating it (what it draws
 * depends on the device's saved copy), and the service worker keeps serving the shell for these
 * pages (offline at the gate, a home-screen start).
 */
const SERVER_RENDERED_SIGNED_IN = [/^\/parkandpay\/session\/?$/];

export function isSignedInServerRenderedPage(pathname: string): boolean {
  return SERVER_RENDERED_SIGNED_IN.some((pattern) => pattern.test(pathname));
}

/**
 * The cookie that carries the ID token to those pages, and only to them (its path): not to the
 * API, which reads the Authorization header alone, nor to scripts and images.
 */
export const PAGE_TOKEN_COOKIE = { name: 'pf-page-token', path: '/parkandpay/session' } as const;
