/**
 * Spec 1's 30-minute time slots (§4 "Default times", §5 "Validation rules"), shared by every
 * screen with date and time pickers (the daily reservation screen and the search filters). New
 * York wall-clock times: a "wall time" is a New York calendar date plus minutes since its
 * midnight, which is what the pickers show; instants are UTC milliseconds. No Intl.
 */
import { newYorkOffsetHours } from '../contract/new-york-offset';
import { MAX_DAYS_AHEAD, MAX_STAY_DAYS } from '../contract/rates';

export const SLOT_MINUTES = 30;
export const DEFAULT_STAY_MINUTES = 120;
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export type WallTime = { date: string; minutes: number };
export type StayTimes = { arrival: number; departure: number };

const pad = (value: number): string => String(value).padStart(2, '0');

export function toWallTime(instant: number): WallTime {
  const wall = new Date(instant + newYorkOffsetHours(instant) * HOUR_MS);
  return { date: `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`, minutes: wall.getUTCHours() * 60 + wall.getUTCMinutes() };
}

/** The instant New York's clock shows `wall` (the offset is read at a guess, then again across a switch). */
export function fromWallTime({ date, minutes }: WallTime): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, 0, minutes);
  const guess = asUtc - newYorkOffsetHours(asUtc) * HOUR_MS;
  return asUtc - newYorkOffsetHours(guess) * HOUR_MS;
}

export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(year, month - 1, day + days));
  return `${next.getUTCFullYear()}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())}`;
}

/** The nearest half-hour slot not in the past: now when it is on a slot, else the next one. */
export function nearestSlot(now: number): number {
  const { date, minutes } = toWallTime(now);
  // Seconds past a whole minute count: at 3:00:40 the 3:00 slot has begun, and the server refuses
  // a rate whose start has passed, so the nearest slot is 3:30 (3:00:00 itself is still 3:00).
  const hasSeconds = now % 60_000 !== 0;
  const slot = Math.ceil((minutes + (hasSeconds ? 1 : 0)) / SLOT_MINUTES) * SLOT_MINUTES;
  return slot >= 24 * 60 ? fromWallTime({ date: addDays(date, 1), minutes: 0 }) : fromWallTime({ date, minutes: slot });
}

/** A new stay: arrival at the nearest slot, departure two hours later. */
export function defaultTimes(now: number): StayTimes {
  const arrival = nearestSlot(now);
  return { arrival, departure: arrival + DEFAULT_STAY_MINUTES * MINUTE_MS };
}

/**
 * Chosen times made valid: an arrival before the nearest slot is bumped to it (and never beyond
 * the 90 days a reservation may start ahead); a departure not after arrival moves to arrival + 2
 * hours unless the driver set the departure date (then the first slot after arrival); a stay never
 * passes the 30-day range.
 */
export function settleTimes(times: StayTimes, now: number, options: { isDepartureDateManual?: boolean } = {}): StayTimes {
  const earliest = nearestSlot(now);
  const arrival = Math.min(Math.max(times.arrival, earliest), earliest + MAX_DAYS_AHEAD * DAY_MS);
  let departure = times.departure;
  if (departure <= arrival) departure = arrival + (options.isDepartureDateManual ? SLOT_MINUTES : DEFAULT_STAY_MINUTES) * MINUTE_MS;
  return { arrival, departure: Math.min(departure, arrival + MAX_STAY_DAYS * DAY_MS) };
}

/**
 * The slots a picker offers on `date` (12:00AM to 11:30PM): none before the current slot today,
 * and on a same-day departure none up to and including the arrival's.
 */
export function visibleSlots(date: string, now: number, arrival?: number): number[] {
  const today = toWallTime(nearestSlot(now));
  const after = arrival === undefined ? undefined : toWallTime(arrival);
  const slots: number[] = [];
  for (let minutes = 0; minutes < 24 * 60; minutes += SLOT_MINUTES) {
    if (date < today.date || (date === today.date && minutes < today.minutes)) continue;
    if (after && (date < after.date || (date === after.date && minutes <= after.minutes))) continue;
    slots.push(minutes);
  }
  return slots;
}

/** "5:30 PM" for minutes from midnight. */
export function slotLabel(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  return `${hours % 12 || 12}:${pad(minutes % 60)} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** Why a chosen stay cannot be reserved as it stands (the rules `settleTimes` would otherwise apply silently). */
export type StayProblem = 'arrival-past' | 'departure-not-after-arrival' | 'arrival-too-far' | 'stay-too-long';

/**
 * The specs have no text for these (spec 1 §5 only states the rules), so plain sentences that say
 * what to fix; the screen shows them beside the time fields.
 */
export const STAY_PROBLEM_MESSAGES: Record<StayProblem, string> = {
  'arrival-past': 'The arrival time you chose has already passed. Choose a later arrival time.',
  'departure-not-after-arrival': 'The departure time must be after the arrival time. Choose a later departure time.',
  'arrival-too-far': `Reservations can start at most ${MAX_DAYS_AHEAD} days ahead. Choose an earlier arrival date.`,
  'stay-too-long': `A stay can last at most ${MAX_STAY_DAYS} days. Choose an earlier departure.`,
};

/**
 * What is wrong with a chosen stay, without changing it: empty exactly when `settleTimes` would
 * leave the stay as it is. A screen that shows the driver's times keeps them and shows these,
 * rather than paying for a window the driver did not choose (issue 38 item 6).
 */
export function stayProblems(times: StayTimes, now: number): StayProblem[] {
  const earliest = nearestSlot(now);
  const problems: StayProblem[] = [];
  if (times.arrival < earliest) problems.push('arrival-past');
  if (times.arrival > earliest + MAX_DAYS_AHEAD * DAY_MS) problems.push('arrival-too-far');
  if (times.departure <= times.arrival) problems.push('departure-not-after-arrival');
  else if (times.departure > times.arrival + MAX_STAY_DAYS * DAY_MS) problems.push('stay-too-long');
  return problems;
}
