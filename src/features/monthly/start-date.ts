/** Monthly start dates are New York calendar dates (YYYY-MM-DD), from today up to the maximum advance (spec 2 §5, §9). */
import { MONTHLY_MAX_START_DAYS_AHEAD } from '../../contract/rates';
import { toNewYorkDate } from '../../contract/vehicles';

export const newYorkToday = (now: number): string => toNewYorkDate(new Date(now));

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export const latestStartDate = (now: number): string => addDays(newYorkToday(now), MONTHLY_MAX_START_DAYS_AHEAD);

const usDate = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

/** The spec's message for a start date beyond the maximum advance, undefined when the date is fine. */
export function startDateError(day: string, now: number): string | undefined {
  const latest = latestStartDate(now);
  if (day > latest) return `Requested Start date is invalid, it cannot be greater than ${usDate(latest)}`;
  if (day < newYorkToday(now)) return `Requested Start date is invalid, it cannot be earlier than ${usDate(newYorkToday(now))}`;
  return undefined;
}
