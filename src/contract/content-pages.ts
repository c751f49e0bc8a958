/**
 * The static content pages (FAQ, about, terms…), by the name in their URL: one route serves them
 * all (src/routes/$page.tsx), the server renders them (server-rendered-pages.ts). Valibot-free:
 * the route's options are in the entry chunk.
 */
/** URL name → the title the page has until its copy (with its own title) has loaded. */
export const CONTENT_PAGE_TITLES = {
  FAQ: 'FAQ',
  about: 'About Us',
  accessibility: 'Accessibility',
  careers: 'Careers',
  'contact-us': 'Contact Us',
  'covid-19': 'Health and Safety',
  'monthly-parking': 'Monthly Parking',
  'monthly-terms-and-conditions': 'Monthly Terms and Conditions',
  'oversized-vehicles': 'Oversized Vehicles',
  'parking-solutions': 'Parking Solutions',
  partners: 'Partners',
  'privacy-policy': 'Privacy Policy',
  'terms-and-conditions': 'Terms and Conditions',
} as const;

export type ContentPageName = keyof typeof CONTENT_PAGE_TITLES;

export const CONTENT_PAGE_NAMES = Object.keys(CONTENT_PAGE_TITLES) as ContentPageName[];

/** The content page a URL segment names, matched without case as the router matches paths (/faq is /FAQ). */
export function contentPageName(segment: string): ContentPageName | undefined {
  const lower = segment.toLowerCase();
  return CONTENT_PAGE_NAMES.find((name) => name.toLowerCase() === lower);
}

/** Its slug at the content service: the name in lower case (/FAQ → "faq"). */
export const contentPageSlug = (name: ContentPageName): Lowercase<ContentPageName> => name.toLowerCase() as Lowercase<ContentPageName>;
