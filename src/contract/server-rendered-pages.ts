/**
 * The pages rendered on the server (README "Server rendering"): the public pages a visitor or a
 * search engine opens first. Everything else — signed-in pages, the lot's flows — gets the app
 * shell (dist/index.html) and renders in the browser, as the service worker's offline shell does.
 * Read by the server (server/ssr/render-pages.ts) and the service worker (sw/precache.ts), which
 * asks the network for these pages while online.
 */

/** The static content pages (src/routes/<name>.tsx rendering StaticPage), by path. */
const CONTENT_PAGES = [
  'FAQ', 'about', 'accessibility', 'careers', 'contact-us', 'covid-19', 'monthly-parking', 'monthly-terms-and-conditions',
  'oversized-vehicles', 'parking-solutions', 'partners', 'privacy-policy', 'terms-and-conditions',
];

const SERVER_RENDERED = [
  /^\/$/,
  /^\/locations\/?$/,
  /^\/locations\/[^/]+\/?$/,
  /^\/parkandpay\/welcome\/?$/,
  new RegExp(`^/(${CONTENT_PAGES.join('|')})/?$`),
  // The search screens: the priced list is in the HTML (the map draws in the browser).
  /^\/search\/results\/?$/,
  /^\/search\/(event|content)\/[^/]+(\/[^/]+)?\/?$/,
];

export function isServerRenderedPage(pathname: string): boolean {
  return SERVER_RENDERED.some((pattern) => pattern.test(pathname));
}
