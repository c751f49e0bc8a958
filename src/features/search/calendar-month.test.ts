import { describe, expect, it } from 'vitest';
import { calendarWeeks, monthTitle, shiftMonth } from './calendar-month';

describe('the inline calendar month', () => {
  it('lays November 2026 out from Sunday: the 1st is a Sunday, the 30th a Monday', () => {
    const weeks = calendarWeeks('2026-11');
    expect(weeks).toHaveLength(5);
    expect(weeks[0]).toEqual(['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06', '2026-11-07']);
    expect(weeks[4]).toEqual(['2026-11-29', '2026-11-30', null, null, null, null, null]);
  });

  it('leaves the days before the 1st blank and knows leap years', () => {
    const weeks = calendarWeeks('2028-02');
    expect(weeks[0]?.slice(0, 2)).toEqual([null, null]);
    expect(weeks[0]?.[2]).toBe('2028-02-01');
    expect(weeks.flat().filter(Boolean)).toHaveLength(29);
  });

  it('moves a month keeping the day inside the month, across years', () => {
    expect(shiftMonth('2027-01-31', 1)).toBe('2027-02-28');
    expect(shiftMonth('2026-12-15', 1)).toBe('2027-01-15');
    expect(shiftMonth('2026-01-10', -1)).toBe('2025-12-10');
  });

  it('names the month', () => {
    expect(monthTitle('2026-11')).toBe('November 2026');
  });
});
