/**
 * The search URL (spec 1 §4 "Search URL"), so every search is a link that survives reload and
 * sharing: `q` is the typed place with spaces as dashes, `lat`/`lng` carry six decimals, `from`
 * and `to` are New York wall times written MM-DD-YYYYTh:mmAM/PM, `type=monthly` marks a monthly
 * search and `oversized=1` the oversized filter. An unparsable from/to is ignored; a start-only
 * query earlier than now resets to the suggested times.
 */
import { formatUrlTime, parseUrlTime } from '../../lib/reserve-links';
import { parseSearchUrl, type SearchUrl } from './search-url-schema';
import { defaultTimes, DEFAULT_STAY_MINUTES, settleTimes, type StayTimes } from '../../lib/time-slots';

export { formatUrlTime, parseUrlTime };

export type SearchType = 'DAILY' | 'MONTHLY';

/** Search state (spec 1 §3) as the screen holds it: instants in UTC ms. */
export type SearchState = StayTimes & {
  type: SearchType;
  query: string;
  latitude?: number;
  longitude?: number;
  isOversized: boolean;
};

export { parseSearchUrl };
export type { SearchUrl };
/** What a link writes (coordinates as six-decimal text). */
export type SearchUrlInput = SearchUrl;

/** "Penn Station" → "Penn-Station" (spec 1 §4); the screen shows it back with spaces. */
export const toUrlQuery = (text: string): string => text.trim().replace(/\s+/g, '-');
export const fromUrlQuery = (q: string | undefined): string => (q ?? '').replace(/-/g, ' ').replace(/\s+/g, ' ').trim();

export function readSearchUrl(url: SearchUrl, now: number): SearchState {
  const from = parseUrlTime(url.from);
  const to = parseUrlTime(url.to);
  let times = defaultTimes(now);
  if (from !== undefined && to !== undefined) times = settleTimes({ arrival: from, departure: to }, now);
  else if (from !== undefined && from >= times.arrival) times = settleTimes({ arrival: from, departure: from + DEFAULT_STAY_MINUTES * 60_000 }, now);
  return {
    ...times,
    type: url.type === 'monthly' ? 'MONTHLY' : 'DAILY',
    query: fromUrlQuery(url.q),
    latitude: url.lat === undefined ? undefined : Number(url.lat),
    longitude: url.lng === undefined ? undefined : Number(url.lng),
    isOversized: url.oversized === 1,
  };
}

/** A URL's search as a page read it: the "now" it was read at, and keys to compare by value. */
export type SearchRead = { urlKey: string; search: SearchState; now: number; searchKey: string };

/**
 * The search of `url`, read once per URL (the slot rules and defaults must not move while a page
 * renders), and the previous read itself, the same objects, when a new URL names the same search:
 * writing the suggested times into the address (search.results.tsx) changes the URL, not the search,
 * and the screen under it (memoized) then does not render again.
 */
export function readSearchOnce(previous: SearchRead | undefined, url: SearchUrl, now: number): SearchRead {
  const urlKey = JSON.stringify(url);
  if (previous?.urlKey === urlKey) return previous;
  const search = readSearchUrl(url, now);
  const searchKey = JSON.stringify(search);
  return previous?.searchKey === searchKey ? previous : { urlKey, search, now, searchKey };
}

export function writeSearchUrl(state: SearchState): SearchUrlInput {
  const hasPoint = state.latitude !== undefined && state.longitude !== undefined;
  const isMonthly = state.type === 'MONTHLY';
  return {
    q: state.query ? toUrlQuery(state.query) : undefined,
    lat: hasPoint ? state.latitude!.toFixed(6) : undefined,
    lng: hasPoint ? state.longitude!.toFixed(6) : undefined,
    from: formatUrlTime(state.arrival),
    // Monthly searches carry only a start date (spec 1 §2.3).
    to: isMonthly ? undefined : formatUrlTime(state.departure),
    type: isMonthly ? 'monthly' : undefined,
    oversized: state.isOversized ? 1 : undefined,
  };
}
