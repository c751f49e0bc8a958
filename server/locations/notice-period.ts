/**
 * Where a notice (blackout or alert) sits relative to now, and the window a notice search
 * covers. A notice occupies [start, end): it is current from its start up to, not including,
 * its end. Searches match notices that overlap the requested window.
 */
import { startOfNewYorkDay } from './new-york-time.ts';

export type NoticePeriod = 'past' | 'current' | 'future';
export type Period = { start: Date; end: Date };

export function classifyNotice(notice: Period, now: Date): NoticePeriod {
  if (notice.end.getTime() <= now.getTime()) return 'past';
  if (notice.start.getTime() > now.getTime()) return 'future';
  return 'current';
}

/** The filter of GET /locations/api/locations/blackouts/{filter}: 0 all, 1 past, 2 current, 3 future. */
const FILTER_PERIODS: Record<number, NoticePeriod | 'all'> = { 0: 'all', 1: 'past', 2: 'current', 3: 'future' };

export function parseBlackoutFilter(value: string): NoticePeriod | 'all' | undefined {
  return /^[0-3]$/.test(value) ? FILTER_PERIODS[Number(value)] : undefined;
}

export function matchesFilter(notice: Period, filter: NoticePeriod | 'all', now: Date): boolean {
  return filter === 'all' || classifyNotice(notice, now) === filter;
}

/**
 * With allDay, the window grows to whole New York days: from midnight starting the start's day
 * to midnight ending the end's day (an end exactly at midnight does not pull in the next day).
 */
export function searchWindow(start: Date, end: Date, allDay: boolean): Period {
  if (!allDay) return { start, end };
  return { start: startOfNewYorkDay(start), end: startOfNewYorkDay(new Date(end.getTime() - 1), 1) };
}

export function overlaps(notice: Period, window: Period): boolean {
  return notice.start.getTime() < window.end.getTime() && notice.end.getTime() > window.start.getTime();
}
