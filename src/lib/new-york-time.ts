/**
 * New York wall-clock time without Intl, for the screens a driver opens at the gate (the parking
 * session, the ticket's "exit by" time). The session screen shows the entry time and the
 * "last updated" marker on its first render, in front of the exit pass: building an
 * Intl.DateTimeFormat with a time zone (the first Intl use also loads ICU's locale data) took
 * ~80 ms of that render in the exit-pass bench (offline cold start, 4× CPU). Every garage is in
 * New York or New Jersey (one zone), and US daylight time has followed one rule since 2007
 * (Energy Policy Act of 2005); the unit test checks this against Intl for every half hour of
 * several years and at each switch.
 */

const HOUR_MS = 3_600_000;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** The UTC instant of the nth Sunday (1-based) of a month, at the given UTC hour. */
function nthSundayUtc(year: number, month: number, nth: number, utcHour: number): number {
  const firstWeekday = new Date(Date.UTC(year, month, 1)).getUTCDay();
  const day = 1 + ((7 - firstWeekday) % 7) + (nth - 1) * 7;
  return Date.UTC(year, month, day, utcHour);
}

/**
 * −4 (EDT) from the second Sunday of March at 2:00 EST (07:00 UTC) until the first Sunday of
 * November at 2:00 EDT (06:00 UTC), else −5 (EST).
 */
export function newYorkOffsetHours(instant: number): -4 | -5 {
  const year = new Date(instant).getUTCFullYear();
  const isDaylight = instant >= nthSundayUtc(year, 2, 2, 7) && instant < nthSundayUtc(year, 10, 1, 6);
  return isDaylight ? -4 : -5;
}

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
