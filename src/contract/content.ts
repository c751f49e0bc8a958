/**
 * Marketing and page content under /content/api (spec 1 §3, §7): promo tiles (type 1),
 * marketing pins (type 2), search content (type 3, e.g. "Park and Train in NJ"), the
 * oversize-vehicles and locations-list bodies, announcement banners and static page copy.
 * One content item shape serves all three types; fields a type does not use are null.
 */
import * as v from 'valibot';
import { CONTENT_TYPES, COVID_BANNER_ID } from './content-ids.ts';
import { isoDateTimeSchema } from './paged.ts';

export { CONTENT_TYPES };
export type ContentTypeId = (typeof CONTENT_TYPES)[keyof typeof CONTENT_TYPES];

/** EXTERNAL links open in a new tab; INTERNAL ones are app paths. */
export const LINK_TYPE_NAMES = ['EXTERNAL', 'INTERNAL'] as const;

export const contentItemSchema = v.object({
  contentId: v.number(),
  contentTypeId: v.picklist([1, 2, 3]),
  /** URL-safe name for /search/content/{contentId}/{slug}. */
  slug: v.string(),
  header: v.string(),
  cardHtml: v.string(),
  contentHtml: v.string(),
  linkUrl: v.nullable(v.string()),
  linkType: v.nullable(v.object({ typeName: v.picklist(LINK_TYPE_NAMES) })),
  latitude: v.nullable(v.number()),
  longitude: v.nullable(v.number()),
  displayOrder: v.number(),
});
export type ContentItem = v.InferOutput<typeof contentItemSchema>;
export const contentListSchema = v.array(contentItemSchema);

export const oversizeVehicleContentSchema = v.array(v.object({ contentId: v.number(), oversizeVehicleContentValue: v.string() }));
export const locationsListContentSchema = v.array(v.object({ contentId: v.number(), locationsListContentValue: v.string() }));

export const bannerRouteSchema = v.object({
  bannerRouteId: v.number(),
  requestRegex: v.nullable(v.string()),
  refererRegex: v.nullable(v.string()),
});

export { COVID_BANNER_ID };

export const bannerSchema = v.object({
  bannerId: v.number(),
  /** HTML. */
  message: v.string(),
  /** Inline style object, e.g. { "backgroundColor": "#fff3cd" }. */
  cssClass: v.record(v.string(), v.string()),
  effectiveFrom: isoDateTimeSchema,
  /** null = no end. */
  effectiveTill: v.nullable(isoDateTimeSchema),
  /** Derived on the server: now is outside [effectiveFrom, effectiveTill). */
  isExpired: v.boolean(),
  isHidden: v.boolean(),
  redirectUrl: v.nullable(v.string()),
  bannerRoutes: v.array(bannerRouteSchema),
});
export type Banner = v.InferOutput<typeof bannerSchema>;
export const bannerListSchema = v.array(bannerSchema);

/** Slugs of the static pages served by GET /content/api/content/pages/{slug} (lower case; /FAQ → "faq"). */
export const STATIC_PAGE_SLUGS = [
  'faq', 'about', 'contact-us', 'terms-and-conditions', 'monthly-terms-and-conditions', 'privacy-policy',
  'accessibility', 'careers', 'partners', 'oversized-vehicles', 'parking-solutions', 'sitemap', 'monthly-parking',
  // Not in the spec's route table: the page behind the health-and-safety banner (COVID_BANNER_ID → /covid-19).
  'covid-19',
] as const;
export type StaticPageSlug = (typeof STATIC_PAGE_SLUGS)[number];

export const staticPageSchema = v.object({
  slug: v.string(),
  title: v.string(),
  description: v.string(),
  keywords: v.string(),
  bodyHtml: v.string(),
});
export type StaticPage = v.InferOutput<typeof staticPageSchema>;
