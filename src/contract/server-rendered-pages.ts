/**
 * The pages rendered on the server (README "Server rendering"): the public pages a visitor or a
 * search engine opens first. Everything else — signed-in pages, the lot's flows — gets the app
 * shell (dist/index.html) and renders in the browser, as the service worker's offline shell does.
 * Read by the server (server/ssr/render-pages.ts) and the service worker (sw/precache.ts), which
 * asks the network for these pages while online.
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
