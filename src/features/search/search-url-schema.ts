/**
 * The query of /search/results as the route validates it (spec 1 §4): bad values fall back to
 * "not given". Apart from search-url.ts so the route's options, which travel in the entry chunk,
 * import only these few lines (src/lib/search-params.ts, no valibot) and not the rates contract
 * the search's rules use. `{ parse }` is a validator the router takes as `validateSearch`.
 */
import type { SearchSchemaInput } from '@tanstack/react-router';
import { oneOfParam, stringParam, textParam } from '../../lib/search-params';

/**
 * Lat/lng stay text with six decimals (spec 1 §4): the router writes the validated value back into
 * the URL, and a number would lose "40.750500"'s zeros. A link with fewer decimals reads too.
 */
function readCoordinate(value: unknown, limit: number): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const number = Number(value);
  return Number.isFinite(number) && Math.abs(number) <= limit ? number.toFixed(6) : undefined;
}

export type SearchUrl = { q?: string; lat?: string; lng?: string; from?: string; to?: string; type?: 'monthly'; oversized?: 1 };

export function parseSearchUrl(search: Record<string, unknown>): SearchUrl {
  return {
    // The router reads an all-digit value (a ZIP code) as a number: it stays text here.
    q: textParam(search['q']),
    lat: readCoordinate(search['lat'], 90),
    lng: readCoordinate(search['lng'], 180),
    from: stringParam(search['from']),
    to: stringParam(search['to']),
    type: oneOfParam(search['type'], ['monthly']),
    oversized: oneOfParam(search['oversized'], [1]),
  };
}

/** What a link may carry (the router reads digits back as numbers); the parser checks every value anyway. */
type SearchUrlLink = Omit<SearchUrl, 'q' | 'lat' | 'lng'> & { q?: string | number; lat?: string | number; lng?: string | number };

/** The route's validator: links are typed as SearchUrlLink (SearchSchemaInput tells the router so). */
export const searchUrlSchema = { parse: (search: SearchUrlLink & SearchSchemaInput): SearchUrl => parseSearchUrl(search) };
