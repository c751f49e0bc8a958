import { describe, expect, it } from 'vitest';
import { newYorkClock, newYorkDay, newYorkOffsetHours, newYorkTime } from './new-york-time';

const zone = { timeZone: 'America/New_York' } as const;
const intlClock = new Intl.DateTimeFormat('en-US', { ...zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const intlDay = new Intl.DateTimeFormat('en-US', { ...zone, weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' });
const intlTime = new Intl.DateTimeFormat('en-US', { ...zone, hour: 'numeric', minute: '2-digit' });
/** ICU versions differ in the space before AM/PM (U+202F or a plain space). */
const plainSpaces = (text: string) => text.replace(/\s/g, ' ');

describe('New York time without Intl', () => {
  it('matches Intl every 30 minutes (and an odd minute) from 2024 to 2031', () => {
    const mismatches: string[] = [];
    for (let instant = Date.UTC(2024, 0, 1); instant < Date.UTC(2031, 0, 1); instant += 30 * 60_000 + (instant % 7 === 0 ? 7 * 60_000 : 0)) {
      const expected = `${intlClock.format(instant)} | ${intlDay.format(instant)} | ${plainSpaces(intlTime.format(instant))}`;
      const actual = `${newYorkClock(instant)} | ${newYorkDay(instant)} | ${newYorkTime(instant)}`;
      if (actual !== expected) mismatches.push(`${new Date(instant).toISOString()}: ${actual} ≠ ${expected}`);
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
  });

  it('switches to daylight time at 2:00 on the second Sunday of March and back on the first Sunday of November', () => {
    // 2026: March 8 and November 1.
    expect(newYorkOffsetHours(Date.UTC(2026, 2, 8, 6, 59, 59))).toBe(-5);
    expect(newYorkOffsetHours(Date.UTC(2026, 2, 8, 7))).toBe(-4);
    expect(newYorkTime(Date.UTC(2026, 2, 8, 7))).toBe('3:00 AM');
    expect(newYorkOffsetHours(Date.UTC(2026, 10, 1, 5, 59, 59))).toBe(-4);
    expect(newYorkOffsetHours(Date.UTC(2026, 10, 1, 6))).toBe(-5);
    expect(newYorkTime(Date.UTC(2026, 10, 1, 6))).toBe('1:00 AM');
  });

  it('writes midnight as 00 on the 24-hour clock and 12 AM on the 12-hour one', () => {
    expect(newYorkClock(Date.UTC(2026, 10, 24, 5, 5))).toBe('00:05');
    expect(newYorkTime(Date.UTC(2026, 10, 24, 5, 5))).toBe('12:05 AM');
    expect(newYorkTime(Date.UTC(2026, 10, 24, 17))).toBe('12:00 PM');
    expect(newYorkDay(new Date('2026-11-24T04:59:00Z'))).toBe('Mon, Nov 23, 2026');
  });
});
