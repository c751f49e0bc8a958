/**
 * Where Reserve goes from a search or a location's details (spec 1 §2.1: reserve-daily-new with
 * the location's seoUrl, reserve-monthly), carrying the searched times in the search URL's own
 * format (spec 1 §4: MM-DD-YYYYTh:mmAM/PM, New York time) so the reserve screen starts where the
 * search was. Shared by the search and the location page.
 */
import type { Location } from '../contract/locations';
import { newYorkOffsetHours } from '../contract/new-york-offset';
import { defaultTimes, fromWallTime, settleTimes, type StayTimes } from './time-slots';

export type ReserveSearch = { type: 'DAILY' | 'MONTHLY'; arrival: number; departure: number; isOversized: boolean };

const HOUR_MS = 3_600_000;
const pad = (value: number): string => String(value).padStart(2, '0');

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

/** "11-25-2026T5:30PM" in New York time. */
export function formatUrlTime(instant: number): string {
  const wall = new Date(instant + newYorkOffsetHours(instant) * HOUR_MS);
  const hours = wall.getUTCHours();
  return `${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}-${wall.getUTCFullYear()}T${hours % 12 || 12}:${pad(wall.getUTCMinutes())}${hours < 12 ? 'AM' : 'PM'}`;
}

export function reserveHref(location: Pick<Location, 'seoUrl' | 'locationId'>, search: ReserveSearch): string {
  const query = new URLSearchParams({ from: formatUrlTime(search.arrival) });
  if (search.type === 'MONTHLY') {
    // The sign-up screen (src/routes/_authenticated/reserve.monthly.index.tsx) takes the garage's id.
    query.set('locationId', String(location.locationId));
    if (search.isOversized) query.set('oversized', '1');
    return `/reserve/monthly?${query}`;
  }
  query.set('to', formatUrlTime(search.departure));
  if (search.isOversized) query.set('oversized', '1');
  return `/reserve/daily/${encodeURIComponent(location.seoUrl)}?${query}`;
}

/** "Sign up" for monthly parking at a ticket-system garage (vendor-managed access), else "Reserve". */
export function reserveLabel(location: Pick<Location, 'skiDataLocation'>, type: ReserveSearch['type']): string {
  return type === 'MONTHLY' && location.skiDataLocation ? 'Sign up' : 'Reserve';
}

/**
 * The stay a reserve screen starts from: the searched times a Reserve link carries, made valid by
 * the slot rules (a past arrival moves to the nearest slot), else the suggested times.
 */
export function searchedStay(from: string | undefined, to: string | undefined, now: number): StayTimes {
  const arrival = parseUrlTime(from);
  const departure = parseUrlTime(to);
  if (arrival === undefined || departure === undefined) return defaultTimes(now);
  return settleTimes({ arrival, departure }, now);
}
