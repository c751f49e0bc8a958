/**
 * Opening hours per day of week, read from the location's posted text ("Mon–Fri 6 AM–Midnight,
 * Sat–Sun 7 AM–11 PM", "Open 24 Hours"), so the rate engine and the location page can never
 * disagree. A day's hours are minutes after that day's midnight; closing may pass midnight
 * (1 AM = 1500). A driver can only drive in or out while the garage is open; the car may stay
 * in over a closed night (the boards say an overnight fee applies, which the hourly tiers are).
 */
import type { DayOfWeek } from './local-time.ts';
import { MINUTES_PER_DAY } from './local-time.ts';

export type DayHours = { opensAt: number; closesAt: number };
/** null: open 24 hours every day. Otherwise one entry per ISO day; null = closed that day. */
export type WeeklyHours = Record<DayOfWeek, DayHours | null> | null;

const DAY_INDEX: Record<string, DayOfWeek> = { mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6, sun: 7 };

function parseClock(text: string): number | undefined {
  const clean = text.trim().toLowerCase();
  if (clean === 'midnight') return MINUTES_PER_DAY;
  if (clean === 'noon') return 720;
  const match = /^(\d{1,2})(?::(\d{2}))?\s*(am|pm)$/.exec(clean);
  if (!match) return undefined;
  const hour = Number(match[1]) % 12;
  return (match[3] === 'pm' ? hour + 12 : hour) * 60 + Number(match[2] ?? 0);
}

function parseDays(text: string): DayOfWeek[] | undefined {
  const [from, to] = text.split(/[–-]/).map((part) => DAY_INDEX[part.trim().slice(0, 3).toLowerCase()]);
  if (from === undefined) return undefined;
  if (to === undefined) return text.includes('–') || text.includes('-') ? undefined : [from];
  const days: DayOfWeek[] = [];
  for (let day = from; day <= to; day++) days.push(day as DayOfWeek);
  return days.length > 0 ? days : undefined;
}

/** Parses the posted hours; undefined when the text is not in the board's usual form. */
export function parseOperatingHours(description: string): WeeklyHours | undefined {
  if (/24\s*hours/i.test(description)) return null;
  // "Mon–Fri 6 AM–11 PM; event nights until 1 AM": what follows a semicolon is a note for drivers.
  const regular = description.split(';')[0] ?? '';
  const week: Partial<Record<DayOfWeek, DayHours | null>> = {};
  for (const segment of regular.split(',')) {
    const match = /^\s*([A-Za-z]{3}(?:\s*[–-]\s*[A-Za-z]{3})?)\s+(.+?)\s*$/.exec(segment);
    if (!match) return undefined;
    const days = parseDays(match[1] ?? '');
    if (!days) return undefined;
    let hours: DayHours | null = null;
    if (!/^closed$/i.test(match[2] ?? '')) {
      const [openText, closeText] = (match[2] ?? '').split('–');
      const opensAt = parseClock(openText ?? '');
      let closesAt = parseClock(closeText ?? '');
      if (opensAt === undefined || closesAt === undefined) return undefined;
      if (closesAt <= opensAt) closesAt += MINUTES_PER_DAY; // "6 AM–1 AM" closes the next morning
      hours = { opensAt, closesAt };
    }
    for (const day of days) week[day] = hours;
  }
  // Days the posted hours do not mention are closed days.
  const all = [1, 2, 3, 4, 5, 6, 7] as const;
  return Object.fromEntries(all.map((day) => [day, week[day] ?? null])) as Record<DayOfWeek, DayHours | null>;
}

const previousDay = (day: DayOfWeek): DayOfWeek => (day === 1 ? 7 : ((day - 1) as DayOfWeek));

/**
 * Is the garage open at this local moment? Either today's hours cover it, or yesterday's hours
 * run past midnight into it. `isExit` lets the exit fall exactly on closing time.
 */
export function isOpenAt(hours: WeeklyHours, dayOfWeek: DayOfWeek, minuteOfDay: number, isExit: boolean): boolean {
  if (hours === null) return true;
  return isInside(hours[dayOfWeek], minuteOfDay, isExit) || isInside(hours[previousDay(dayOfWeek)], minuteOfDay + MINUTES_PER_DAY, isExit);
}

// A module-level function, not a closure per call: pricing asks this twice per garage per search.
function isInside(h: DayHours | null, minute: number, isExit: boolean): boolean {
  return h !== null && minute >= h.opensAt && (isExit ? minute <= h.closesAt : minute < h.closesAt);
}
