/**
 * The search URL (spec 1 §4 "Search URL"), so every search is a link that survives reload and
 * sharing: `q` is the typed place with spaces as dashes, `lat`/`lng` carry six decimals, `from`
 * and `to` are New York wall times written MM-DD-YYYYTh:mmAM/PM, `type=monthly` marks a monthly
 * search and `oversized=1` the oversized filter. An unparsable from/to is ignored; a start-only
 * query earlier than now resets to the suggested times.
 */
import type * as v from 'valibot';
import { formatUrlTime } from '../../lib/reserve-links';
import { searchUrlSchema } from './search-url-schema';
import { defaultTimes, DEFAULT_STAY_MINUTES, fromWallTime, settleTimes, type StayTimes } from '../../lib/time-slots';

export { formatUrlTime };

export type SearchType = 'DAILY' | 'MONTHLY';

/** Search state (spec 1 §3) as the screen holds it: instants in UTC ms. */
export type SearchState = StayTimes & {
  type: SearchType;
  query: string;
  latitude?: number;
  longitude?: number;
  isOversized: boolean;
};

export { searchUrlSchema };
export type SearchUrl = v.InferOutput<typeof searchUrlSchema>;
/** What a link writes (coordinates as six-decimal text). */
export type SearchUrlInput = SearchUrl;

const URL_TIME = /^(\d{2})-(\d{2})-(\d{4})T(\d{1,2}):(\d{2})(AM|PM)$/i;

/** "11-25-2026T5:30PM" → the instant, or undefined when it is not a real New York time. */
export function parseUrlTime(text: string | undefined): number | undefined {
  const match = text ? URL_TIME.exec(text) : null;
  if (!match) return undefined;
  const [, month, day, year, hour, minute, half] = match as unknown as [string, string, string, string, string, string, string];
  const hours = Number(hour);
  const minutes = Number(minute);
  if (hours < 1 || hours > 12 || minutes > 59) return undefined;
  const date = `${year}-${month}-${day}`;
  const check = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(check.getTime()) || check.getUTCDate() !== Number(day)) return undefined;
  return fromWallTime({ date, minutes: ((hours % 12) + (half.toUpperCase() === 'PM' ? 12 : 0)) * 60 + minutes });
}

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
