/**
 * Title, description, keywords, canonical link and Open Graph tags for a route's `head()`
 * (spec 1 §2.2, spec 3 §2). Only leaf routes call it, so each page has exactly one canonical link.
 */
import { COMPANY_NAME } from './constants';

export const DEFAULT_TITLE = `${COMPANY_NAME} — Parking in New York & New Jersey`;
export const DEFAULT_DESCRIPTION =
  'Find, reserve and pay for parking at nearly 40 ParkFair garages in New York and New Jersey. Daily and monthly parking, pay by plate, locally owned since 1956.';
export const DEFAULT_KEYWORDS = 'parking, NYC parking, New Jersey parking, garage, monthly parking, daily parking, pay by plate, ParkFair';

export type PageHeadInput = {
  /** Page title without the site name; omit for the home page. */
  title?: string;
  description?: string;
  keywords?: string;
  /** Path of the canonical URL (no query string). */
  path: string;
};

type HeadTags = {
  meta: Array<{ title: string } | { name: string; content: string } | { property: string; content: string }>;
  links: Array<{ rel: string; href: string }>;
  scripts?: Array<{ type: string; children: string }>;
};

/** The origin canonical links start with in server-rendered pages (PUBLIC_ORIGIN), set once by src/entry-server.tsx. */
let serverOrigin = '';
export function setServerSiteOrigin(origin: string): void {
  serverOrigin = origin.replace(/\/$/, '');
}

export function siteOrigin(): string {
  const configured: string | undefined = import.meta.env['VITE_SITE_URL'];
  if (configured) return configured.replace(/\/$/, '');
  return typeof window === 'undefined' ? serverOrigin : window.location.origin;
}

/** "Receipts | ParkFair"; a title that already names the company (CMS and SEO titles) is kept as is. */
export function formatPageTitle(title: string | undefined): string {
  if (!title) return DEFAULT_TITLE;
  return title.includes(COMPANY_NAME) ? title : `${title} | ${COMPANY_NAME}`;
}

export function canonicalUrl(path: string, origin = siteOrigin()): string {
  // Index routes report "/locations/"; the canonical form has no trailing slash (except "/").
  const clean = (path.split(/[?#]/)[0] ?? '').replace(/\/+$/, '');
  return `${origin}${clean || '/'}`;
}

export function pageHead({ title, description, keywords, path }: PageHeadInput): HeadTags {
  const fullTitle = formatPageTitle(title);
  const url = canonicalUrl(path);
  return {
    meta: [
      { title: fullTitle },
      { name: 'description', content: description || DEFAULT_DESCRIPTION },
      { name: 'keywords', content: keywords || DEFAULT_KEYWORDS },
      // Open Graph: what a shared link shows (messaging apps, social sites).
      { property: 'og:title', content: fullTitle },
      { property: 'og:description', content: description || DEFAULT_DESCRIPTION },
      { property: 'og:url', content: url },
      { property: 'og:type', content: 'website' },
      { property: 'og:site_name', content: COMPANY_NAME },
    ],
    links: [{ rel: 'canonical', href: url }],
  };
}

/** A route's `head` when its page has a fixed title and nothing else: one shared function for the ~50 such routes, whose options are in the entry chunk. */
export function titledHead(title: string) {
  return ({ match }: { match: { pathname: string } }): HeadTags => pageHead({ title, path: match.pathname });
}
