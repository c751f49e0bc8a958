/**
 * New York's UTC offset at an instant, without Intl or a time-zone database: every garage is in
 * New York or New Jersey (one zone), and US daylight time has followed one rule since 2007 (Energy
 * Policy Act of 2005). In the contract because the client's screens (lib/new-york-time.ts) and the
 * next price step (next-price-step.ts, checked against the server's rate engine) both read it;
 * lib/new-york-time.test.ts checks it against Intl for every half hour of several years.
 */

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
