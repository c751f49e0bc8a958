/**
 * New York wall-clock time without Intl, for the screens a driver opens at the gate (the parking
 * session, the ticket's "exit by" time). The session screen shows the entry time and the
 * "last updated" marker on its first render, in front of the exit pass: building an
 * Intl.DateTimeFormat with a time zone (the first Intl use also loads ICU's locale data) took
 * ~80 ms of that render in the exit-pass bench (offline cold start, 4× CPU). The offset comes
 * from the one US daylight-time rule (contract/new-york-offset.ts); the unit test checks this
 * against Intl for every half hour of several years and at each switch.
 */
import { newYorkOffsetHours } from '../contract/new-york-offset';

export { newYorkOffsetHours };

const HOUR_MS = 3_600_000;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** A Date whose UTC fields read as New York's wall clock at the instant. */
function newYorkWall(instant: number | Date): Date {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  return new Date(ms + newYorkOffsetHours(ms) * HOUR_MS);
}

const twoDigits = (value: number): string => String(value).padStart(2, '0');

/** "00:05", "12:04", "23:59" (24-hour). */
export function newYorkClock(instant: number | Date): string {
  const wall = newYorkWall(instant);
  return `${twoDigits(wall.getUTCHours())}:${twoDigits(wall.getUTCMinutes())}`;
}

/** "Mon, Nov 23, 2026" (en-US, short weekday and month). */
export function newYorkDay(instant: number | Date): string {
  const wall = newYorkWall(instant);
  return `${WEEKDAYS[wall.getUTCDay()]}, ${MONTHS[wall.getUTCMonth()]} ${wall.getUTCDate()}, ${wall.getUTCFullYear()}`;
}

/** "9:41 AM", "12:00 PM" (en-US, 12-hour). */
export function newYorkTime(instant: number | Date): string {
  const wall = newYorkWall(instant);
  const hours = wall.getUTCHours();
  return `${hours % 12 || 12}:${twoDigits(wall.getUTCMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
}
