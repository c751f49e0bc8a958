import { describe, expect, it } from 'vitest';
import { defaultTimes, fromWallTime, nearestSlot, settleTimes, slotLabel, toWallTime, visibleSlots } from './time-slots';

// Monday 2026-11-23 2:10 PM in New York (UTC−5).
const NOW = Date.parse('2026-11-23T19:10:00.000Z');
const at = (date: string, minutes: number) => fromWallTime({ date, minutes });

describe('time slots (spec 1 §4, §5)', () => {
  it('the nearest slot is the next half hour, or now when on one, and rolls into tomorrow at 11:45 PM', () => {
    expect(toWallTime(nearestSlot(NOW))).toEqual({ date: '2026-11-23', minutes: 14 * 60 + 30 });
    expect(nearestSlot(Date.parse('2026-11-23T19:30:00.000Z'))).toBe(Date.parse('2026-11-23T19:30:00.000Z'));
    expect(toWallTime(nearestSlot(at('2026-11-23', 23 * 60 + 45)))).toEqual({ date: '2026-11-24', minutes: 0 });
  });

  it('defaults to the nearest slot and two hours later', () => {
    const { arrival, departure } = defaultTimes(NOW);
    expect([toWallTime(arrival).minutes, toWallTime(departure).minutes]).toEqual([870, 990]);
  });

  it('bumps an arrival in the past, and moves a departure not after arrival to arrival + 2 h (or + 30 min after a manual date)', () => {
    const arrival = at('2026-11-23', 600);
    expect(settleTimes({ arrival, departure: arrival + 3_600_000 }, NOW).arrival).toBe(nearestSlot(NOW));
    const later = at('2026-11-24', 18 * 60);
    expect(settleTimes({ arrival: later, departure: later }, NOW).departure).toBe(later + 2 * 3_600_000);
    expect(settleTimes({ arrival: later, departure: later }, NOW, { isDepartureDateManual: true }).departure).toBe(later + 30 * 60_000);
  });

  it('hides past slots today and, on a same-day departure, every slot up to and including the arrival', () => {
    expect(visibleSlots('2026-11-23', NOW)[0]).toBe(870);
    expect(visibleSlots('2026-11-24', NOW)).toHaveLength(48);
    expect(visibleSlots('2026-11-22', NOW)).toEqual([]);
    expect(visibleSlots('2026-11-24', NOW, at('2026-11-24', 18 * 60))[0]).toBe(18 * 60 + 30);
  });

  it('round-trips wall times across the DST switches and labels slots in 12-hour time', () => {
    for (const date of ['2026-03-08', '2026-11-01', '2026-07-04']) expect(toWallTime(at(date, 600))).toEqual({ date, minutes: 600 });
    expect([slotLabel(0), slotLabel(750), slotLabel(23 * 60 + 30)]).toEqual(['12:00 AM', '12:30 PM', '11:30 PM']);
  });
});
