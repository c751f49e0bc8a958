/**
 * Every rate rule is written in New York wall-clock time ("enter 6–10 AM, out by 7 PM").
 * These helpers turn a UTC instant into the pieces the rules read, with Temporal so daylight
 * saving days (23 or 25 hours) are handled by the time zone database, not by arithmetic.
 */
import { Temporal } from 'temporal-polyfill';

export const TIME_ZONE = 'America/New_York';
export const MINUTES_PER_DAY = 1440;

/** ISO day of week: Monday 1 … Sunday 7. */
export type DayOfWeek = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** The day of week `days` after `day`. */
export const addDays = (day: DayOfWeek, days: number): DayOfWeek => ((((day - 1 + days) % 7) + 7) % 7 + 1) as DayOfWeek;

export type LocalMoment = {
  zoned: Temporal.ZonedDateTime;
  date: Temporal.PlainDate;
  dayOfWeek: DayOfWeek;
  /** Minutes since local midnight (0–1439). */
  minuteOfDay: number;
};

/**
 * Time zone arithmetic is the slow part of pricing (a search asks the same instants for every
 * garage), so conversions are memoised; the results are immutable values, so sharing is safe.
 */
function memoise<Key, Value>(compute: (key: Key) => Value, capacity = 2048): (key: Key) => Value {
  const memo = new Map<Key, Value>();
  return (key) => {
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    const value = compute(key);
    if (memo.size >= capacity) memo.clear();
    memo.set(key, value);
    return value;
  };
}

const toLocalMemo = memoise((epochMs: number) => computeLocal(epochMs));

export function toLocal(instant: Date): LocalMoment {
  return toLocalMemo(instant.getTime());
}

function computeLocal(epochMs: number): LocalMoment {
  const zoned = Temporal.Instant.fromEpochMilliseconds(epochMs).toZonedDateTimeISO(TIME_ZONE);
  return {
    zoned,
    date: zoned.toPlainDate(),
    dayOfWeek: zoned.dayOfWeek as DayOfWeek,
    minuteOfDay: zoned.hour * 60 + zoned.minute + zoned.second / 60,
  };
}

/** The instant `minutes` after local midnight of `date` (minutes may pass 1440: "1 AM next day" is 1500). */
export function atLocalMinute(date: Temporal.PlainDate, minutes: number): Date {
  return new Date(atLocalMinuteMs(date, minutes));
}

/**
 * Epoch milliseconds of `atLocalMinute`. Pricing asks it with the `date` of a memoised
 * `toLocal` moment, the same object for every garage of a search, so the answer is also kept per
 * date object (no date-to-string key per garage); the string-keyed memo below serves other dates.
 */
const byDateObject = new WeakMap<Temporal.PlainDate, Map<number, number>>();

export function atLocalMinuteMs(date: Temporal.PlainDate, minutes: number): number {
  let byMinute = byDateObject.get(date);
  if (byMinute === undefined) {
    byMinute = new Map();
    byDateObject.set(date, byMinute);
  }
  let epochMs = byMinute.get(minutes);
  if (epochMs === undefined) {
    epochMs = atLocalMinuteMemo(`${date.toString()}|${minutes}`);
    byMinute.set(minutes, epochMs);
  }
  return epochMs;
}

const atLocalMinuteMemo = memoise((key: string) => {
  const [isoDate = '', minuteText = '0'] = key.split('|');
  return computeLocalMinute(Temporal.PlainDate.from(isoDate), Number(minuteText));
});

function computeLocalMinute(date: Temporal.PlainDate, minutes: number): number {
  const days = Math.floor(minutes / MINUTES_PER_DAY);
  const rest = minutes - days * MINUTES_PER_DAY;
  const zoned = date
    .add({ days })
    .toZonedDateTime({ timeZone: TIME_ZONE, plainTime: new Temporal.PlainTime(Math.floor(rest / 60) % 24, rest % 60) });
  return zoned.epochMilliseconds;
}

/** "6:00 AM", "12:00 AM" (midnight), "1:00 AM" for 1500 (1 AM the next day). */
export function formatMinuteOfDay(minutes: number): string {
  const inDay = ((minutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  const hour = Math.floor(inDay / 60);
  const minute = Math.floor(inDay % 60);
  const suffix = hour < 12 ? 'AM' : 'PM';
  return `${hour % 12 === 0 ? 12 : hour % 12}:${String(minute).padStart(2, '0')} ${suffix}`;
}

const DAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

export const dayName = (day: DayOfWeek): string => DAY_NAMES[day - 1] ?? '';

/** [1,2,3,4,5] → "Mon–Fri"; [6,7] → "Sat–Sun"; [5,6] → "Fri–Sat"; [1,3] → "Mon, Wed". */
export function formatDays(days: readonly DayOfWeek[]): string {
  const sorted = [...days].sort((a, b) => a - b);
  if (sorted.length === 7) return 'Every day';
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  if (first === undefined || last === undefined) return '';
  const isRun = sorted.every((day, index) => day === first + index);
  if (isRun && sorted.length > 1) return `${dayName(first)}–${dayName(last)}`;
  return sorted.map(dayName).join(', ');
}

/** "11/23/2026" (the spec's US date format in messages). */
export function formatUsDate(date: Temporal.PlainDate): string {
  return `${String(date.month).padStart(2, '0')}/${String(date.day).padStart(2, '0')}/${date.year}`;
}
