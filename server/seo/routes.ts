/**
 * What crawlers read: /robots.txt (everything public may be crawled; account, payment and lot
 * flows may not) and /sitemap.xml (the public pages and every garage page). Absolute URLs use the
 * public origin (PUBLIC_ORIGIN, else the loopback development server, as for links in emails;
 * never the request's Host header).
 */
import { Hono } from 'hono';
import { INFO_PAGES, LEGAL_PAGES, SERVICE_PAGES } from '../../src/contract/site-pages.ts';
import { linkOriginFor } from '../config.ts';
import type { Deps } from '../deps.ts';
import { listLocations } from '../locations/queries.ts';

/** Signed-in and per-driver screens: nothing there for a search engine. */
const PRIVATE_PREFIXES = ['/my-account', '/parkandpay/', '/reserve/', '/user-mgmt', '/promoredirect', '/monthly-transition', '/pay-for-parking/', '/retrieve-car/', '/leavefast/', '/staff'];
const CRAWLED_SERVICE_PAGES = SERVICE_PAGES.filter((page) => !page.path.startsWith('/sign-in'));

export function robotsTxt(origin: string): string {
  return [
    '# ParkFair: public pages may be crawled; account and lot flows may not.',
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
    // The pay-by-plate entry page is public even though its flow is not.
    'Allow: /parkandpay/welcome',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

export function sitemapXml(origin: string, paths: readonly string[]): string {
  const urls = paths.map((path) => `  <url><loc>${escapeXml(new URL(path, origin).href)}</loc></url>`);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}

export function createSeoApi({ db, config }: Deps) {
  const origin = linkOriginFor(config);
  return new Hono()
    .get('/robots.txt', (c) => c.text(robotsTxt(origin)))
    .get('/sitemap.xml', async (c) => {
      const locations = await listLocations(db);
      const paths = [
        ...[...CRAWLED_SERVICE_PAGES, ...INFO_PAGES, ...LEGAL_PAGES].map((page) => page.path),
        ...locations.map((location) => `/locations/${encodeURIComponent(location.seoUrl)}`),
      ];
      c.header('Content-Type', 'application/xml; charset=utf-8');
      return c.body(sitemapXml(origin, paths));
    });
}
