/**
 * Paged lists and the shared date-time format of the API contracts.
 * Pages are zero-based (spec 2 §9 lists "default 0 and 10"); `totalElementCount` counts every
 * match, not only the page returned.
 */
import * as v from 'valibot';

/** Years the API accepts in any date: PostgreSQL refuses year 0, and nothing we do predates 1900. */
export const EARLIEST_YEAR = 1900;
export const LATEST_YEAR = 2999;

/**
 * True when `YYYY-MM-DD` at the start of the text is a day that exists (no 2026-02-30; JavaScript's
 * Date would roll it into March, PostgreSQL refuses it) in a year from 1900 to 2999.
 */
export function isRealCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < EARLIEST_YEAR || year > LATEST_YEAR) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const REAL_DATE_MESSAGE = `must be a real date between the years ${EARLIEST_YEAR} and ${LATEST_YEAR}`;

/** Every instant in the API is an ISO 8601 string with an offset, e.g. "2026-11-23T19:00:00.000Z". */
export const isoDateTimeSchema = v.pipe(
  v.string(),
  v.isoTimestamp('must be an ISO 8601 date-time with an offset, e.g. 2026-11-23T19:00:00.000Z'),
  v.check(isRealCalendarDate, REAL_DATE_MESSAGE),
);

/** A calendar day, YYYY-MM-DD, that exists. */
export const isoDateSchema = v.pipe(v.string(), v.isoDate('must be a date, YYYY-MM-DD'), v.check(isRealCalendarDate, REAL_DATE_MESSAGE));

/** PostgreSQL `integer` (int4): ids and counts in the database stop here; a larger number is a 400, not a 500. */
export const INT4_MAX = 2_147_483_647;

/** A record id in a body: a positive whole number the database's integer column can hold. */
export const recordIdSchema = (name: string) =>
  v.pipe(
    v.number(`${name} must be a number`),
    v.integer(`${name} must be a whole number`),
    v.minValue(1, `${name} must be positive`),
    v.maxValue(INT4_MAX, `${name} is not a known id`),
  );

/** A zero-based page number in a body. */
export const pageNumberSchema = v.pipe(v.number('page must be a number'), v.integer('page must be a whole number'), v.minValue(0, 'page starts at 0'), v.maxValue(INT4_MAX, 'page is too large'));

export function pagedSchema<Item extends v.GenericSchema>(item: Item) {
  return v.object({
    page: v.pipe(v.number(), v.integer(), v.minValue(0)),
    pageSize: v.pipe(v.number(), v.integer(), v.minValue(1)),
    totalElementCount: v.pipe(v.number(), v.integer(), v.minValue(0)),
    results: v.array(item),
  });
}

export type Paged<Item> = { page: number; pageSize: number; totalElementCount: number; results: Item[] };
