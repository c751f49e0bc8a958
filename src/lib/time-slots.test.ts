import { describe, expect, it } from 'vitest';
import { defaultTimes, fromWallTime, nearestSlot, settleTimes, slotLabel, toWallTime, visibleSlots } from './time-slots';

// Monday 2026-11-23 2:10 PM in New York (UTC−5).
const NOW = Date.parse('2026-11-23T19:10:00.000Z');
const at = (date: string, minutes: number) => fromWallTime({ date, minutes });
const utc = (iso: string): number => Date.parse(iso);
const MIN = 60_000;

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

// The cases written for the search screen's copy of these rules, kept when the two were merged.

describe('nearestSlot', () => {
  it('rounds up to the next half hour in New York', () => {
    expect(toWallTime(nearestSlot(utc('2026-11-23T19:07:00Z')))).toEqual({ date: '2026-11-23', minutes: 14 * 60 + 30 });
  });
  it('keeps a time that is on a slot', () => {
    expect(nearestSlot(utc('2026-11-23T19:30:00Z'))).toBe(utc('2026-11-23T19:30:00Z'));
    // A slot that began seconds ago is not offered: the server would refuse its rate as expired.
    expect(nearestSlot(utc('2026-11-23T19:30:40Z'))).toBe(utc('2026-11-23T20:00:00Z'));
    expect(nearestSlot(utc('2026-11-23T19:29:59Z'))).toBe(utc('2026-11-23T19:30:00Z'));
  });
  it('passes midnight to the next day', () => {
    expect(toWallTime(nearestSlot(utc('2026-11-24T04:45:00Z')))).toEqual({ date: '2026-11-24', minutes: 0 });
  });
});

describe('defaultTimes', () => {
  it('arrives at the nearest slot and leaves two hours later', () => {
    const { arrival, departure } = defaultTimes(utc('2026-11-23T19:07:00Z'));
    expect(arrival).toBe(utc('2026-11-23T19:30:00Z'));
    expect(departure - arrival).toBe(120 * MIN);
  });
});

describe('wall time round trip', () => {
  it('crosses the daylight-saving switches', () => {
    // 1:30 AM on Nov 1 happens twice; it reads as the first (EDT) one.
    for (const iso of ['2026-03-08T06:30:00Z', '2026-03-08T07:30:00Z', '2026-11-01T05:30:00Z', '2026-11-01T07:30:00Z', '2026-07-04T16:00:00Z']) {
      expect(fromWallTime(toWallTime(utc(iso)))).toBe(utc(iso));
    }
  });
});

describe('settleTimes', () => {
  const now = utc('2026-11-23T19:07:00Z');
  it('bumps an arrival in the past to the nearest slot', () => {
    const settled = settleTimes({ arrival: utc('2026-11-23T15:00:00Z'), departure: utc('2026-11-23T23:00:00Z') }, now);
    expect(settled).toEqual({ arrival: utc('2026-11-23T19:30:00Z'), departure: utc('2026-11-23T23:00:00Z') });
  });
  it('moves a departure that is not after arrival to arrival + 2 hours', () => {
    const arrival = utc('2026-11-24T15:00:00Z');
    expect(settleTimes({ arrival, departure: arrival }, now).departure).toBe(arrival + 120 * MIN);
  });
  it('keeps a manually chosen departure date and takes the next slot', () => {
    const arrival = utc('2026-11-24T15:00:00Z');
    expect(settleTimes({ arrival, departure: arrival - 60 * MIN }, now, { isDepartureDateManual: true }).departure).toBe(arrival + 30 * MIN);
  });
  it('limits the stay to 30 days', () => {
    const arrival = utc('2026-11-24T15:00:00Z');
    expect(settleTimes({ arrival, departure: arrival + 40 * 86_400_000 }, now).departure).toBe(arrival + 30 * 86_400_000);
  });
});

describe('visibleSlots', () => {
  const now = utc('2026-11-23T19:07:00Z'); // 2:07 PM in New York
  it('offers 48 slots from 12:00 AM to 11:30 PM on a later day', () => {
    const slots = visibleSlots('2026-11-25', now);
    expect(slots).toHaveLength(48);
    expect(slotLabel(slots[0]!)).toBe('12:00 AM');
    expect(slotLabel(slots.at(-1)!)).toBe('11:30 PM');
  });
  it('hides the slots before the current one today', () => {
    expect(slotLabel(visibleSlots('2026-11-23', now)[0]!)).toBe('2:30 PM');
  });
  it('hides a same-day departure up to and including the arrival slot', () => {
    const arrival = fromWallTime({ date: '2026-11-25', minutes: 9 * 60 });
    expect(slotLabel(visibleSlots('2026-11-25', now, arrival)[0]!)).toBe('9:30 AM');
    expect(visibleSlots('2026-11-26', now, arrival)).toHaveLength(48);
  });
  it('offers nothing on a day before today', () => {
    expect(visibleSlots('2026-11-22', now)).toEqual([]);
  });
});
