/**
 * The content contract's fixed ids, apart from its schemas: the banner rules (entry chunk) and the
 * home page's tiles query need them on the first screen, where valibot does not go.
 */

/** Content item types (spec 1 §3): promo tiles, marketing pins, search content. */
export const CONTENT_TYPES = { promoTile: 1, marketingPin: 2, searchContent: 3 } as const;

/** The banner whose click goes to /covid-19 (spec 1 §2.4: "one banner id maps to /covid-19"). */
export const COVID_BANNER_ID = 4;
