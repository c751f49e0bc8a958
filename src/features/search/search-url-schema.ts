/**
 * The query of /search/results as the route validates it (spec 1 §4): bad values fall back to
 * "not given". Apart from search-url.ts so the route's options, which travel in the entry chunk,
 * import only valibot and not the rates contract the search's rules use.
 */
import * as v from 'valibot';

/**
 * Lat/lng stay text with six decimals (spec 1 §4): the router writes the validated value back into
 * the URL, and a number would lose "40.750500"'s zeros. A link with fewer decimals reads too.
 */
const coordinate = (limit: number) =>
  v.fallback(
    v.optional(
      v.pipe(
        v.union([v.string(), v.number()]),
        v.transform(Number),
        v.check((value) => Number.isFinite(value) && Math.abs(value) <= limit),
        v.transform((value) => value.toFixed(6)),
      ),
    ),
    undefined,
  );

export const searchUrlSchema = v.object({
  // The router reads an all-digit value (a ZIP code) as a number: it stays text here.
  q: v.fallback(v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String))), undefined),
  lat: coordinate(90),
  lng: coordinate(180),
  from: v.fallback(v.optional(v.string()), undefined),
  to: v.fallback(v.optional(v.string()), undefined),
  type: v.fallback(v.optional(v.picklist(['monthly'])), undefined),
  oversized: v.fallback(v.optional(v.picklist([1])), undefined),
});
