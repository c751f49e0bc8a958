import { describe, expect, it } from 'vitest';
import { calculateDailyRate, type DailyQuote, type DailyStay, describeSpecial } from './daily-rate.ts';
import { JERSEY_CITY_CARD, MIDTOWN_CARD } from './test-cards.ts';

// Monday 2026-11-23; New York is UTC−5 (standard time) that week.
const NOW = new Date('2026-11-23T11:00:00Z'); // 6:00 AM in New York
const at = (iso: string) => new Date(iso);

function quote(entry: string, exit: string, extra: Partial<DailyStay> = {}): DailyQuote {
  return calculateDailyRate({ card: MIDTOWN_CARD, entry: at(entry), exit: at(exit), now: NOW, events: [], blackoutMessages: [], hoursText: 'Open 24 Hours', ...extra });
}

function priced(result: DailyQuote) {
  if (!result.isAvailable) throw new Error(`expected a price, got "${result.rateMessage}"`);
  return result;
}

describe('hourly tiers', () => {
  it('Mon 2:00–2:45 PM (45 min) is "Up to 1 hour" $24.00', () => {
    const result = priced(quote('2026-11-23T19:00:00Z', '2026-11-23T19:45:00Z'));
    expect(result).toMatchObject({ cents: 2400, rateId: 101, rateMessage: 'Hourly Rate', timeDescription: 'Up to 1 hour', isEventRate: false });
  });

  it('Mon 2:00–4:00 PM (exactly 2 hours) is "Up to 2 hours" $32.00', () => {
    expect(priced(quote('2026-11-23T19:00:00Z', '2026-11-23T21:00:00Z')).cents).toBe(3200);
  });

  it('Mon 2:00–4:01 PM (2 h 1 min) moves to "Up to 3 hours" $38.00', () => {
    expect(priced(quote('2026-11-23T19:00:00Z', '2026-11-23T21:01:00Z')).cents).toBe(3800);
  });

  it('Mon 11 AM–11 PM (12 hours) is "Max 24 hours" $65.00', () => {
    expect(priced(quote('2026-11-23T16:00:00Z', '2026-11-24T04:00:00Z'))).toMatchObject({ cents: 6500, timeDescription: 'Max 24 hours' });
  });

  it('Mon 11 AM → Wed 1 PM (2 days + 2 h) is 2 × $65.00 + $32.00 = $162.00', () => {
    expect(priced(quote('2026-11-23T16:00:00Z', '2026-11-25T18:00:00Z'))).toMatchObject({ cents: 16_200, timeDescription: '2 days + Up to 2 hours' });
  });

  it('Sat 11 AM–1 PM uses the weekend tiers: "Up to 2 hours" $29.00', () => {
    expect(priced(quote('2026-11-28T16:00:00Z', '2026-11-28T18:00:00Z')).cents).toBe(2900);
  });

  it('Fri 11 AM → Sat 2 PM: Friday\'s max $65.00 + Saturday\'s "Up to 3 hours" $34.00 = $99.00', () => {
    expect(priced(quote('2026-11-27T16:00:00Z', '2026-11-28T19:00:00Z')).cents).toBe(9900);
  });
});

describe('daylight saving', () => {
  const before = new Date('2026-10-31T12:00:00Z');
  it('Sun Nov 1 2026 (clocks fall back): 12:30 AM → 3:30 AM on the wall clock is 4 real hours: weekend "Up to 10 hours" $45.00', () => {
    const result = priced(quote('2026-11-01T04:30:00Z', '2026-11-01T08:30:00Z', { now: before }));
    expect(result).toMatchObject({ cents: 4500, durationMinutes: 240, timeDescription: 'Up to 10 hours' });
  });

  it('Mon Mar 15 2027 early bird "out by 7 PM" means 7 PM daylight time (23:00Z), the day after clocks spring forward', () => {
    const monday = new Date('2027-03-15T11:00:00Z');
    expect(priced(quote('2027-03-15T12:00:00Z', '2027-03-15T23:00:00Z', { now: monday })).rateMessage).toBe('Early Bird Rate');
    expect(priced(quote('2027-03-15T12:00:00Z', '2027-03-15T23:30:00Z', { now: monday })).rateMessage).toBe('Hourly Rate');
  });
});

describe('specials: the cheapest rate that applies wins', () => {
  it('Mon in 8:00 AM, out 6:00 PM (10 h, $52.00 on tiers) takes the Early Bird $28.00', () => {
    const result = priced(quote('2026-11-23T13:00:00Z', '2026-11-23T23:00:00Z'));
    expect(result).toMatchObject({ cents: 2800, rateId: 121, rateMessage: 'Early Bird Rate', timeDescription: 'Enter 6:00 AM–10:00 AM, exit by 7:00 PM (Mon–Fri)' });
  });

  it('Mon in 8:00 AM, out 7:30 PM misses the early bird (out by 7 PM) and pays max $65.00', () => {
    expect(priced(quote('2026-11-23T13:00:00Z', '2026-11-24T00:30:00Z')).cents).toBe(6500);
  });

  it('Mon in 10:30 AM misses the early-bird entry window (6–10 AM): 8 h is $52.00', () => {
    expect(priced(quote('2026-11-23T15:30:00Z', '2026-11-23T23:30:00Z')).cents).toBe(5200);
  });

  it('Mon in 8:00 AM out 9:00 AM stays on the $24.00 hourly tier (cheaper than the $28.00 early bird)', () => {
    expect(priced(quote('2026-11-23T13:00:00Z', '2026-11-23T14:00:00Z'))).toMatchObject({ cents: 2400, rateMessage: 'Hourly Rate' });
  });

  it('Mon in 7:00 PM, out Tue 5:00 AM (10 h, $52.00) takes the Night $30.00', () => {
    expect(priced(quote('2026-11-24T00:00:00Z', '2026-11-24T10:00:00Z'))).toMatchObject({ cents: 3000, rateMessage: 'Night Rate' });
  });

  it('Sat in 9:00 AM, out 9:00 PM (12 h, weekend max $55.00) takes the Weekend $39.00', () => {
    expect(priced(quote('2026-11-28T14:00:00Z', '2026-11-29T02:00:00Z'))).toMatchObject({ cents: 3900, rateMessage: 'Weekend Rate' });
  });

  it('max to close: JC Mon in 9:00 AM, out 11:00 PM (14 h, $28.00) takes Max to Close $22.00', () => {
    const result = priced(quote('2026-11-23T14:00:00Z', '2026-11-24T04:00:00Z', { card: JERSEY_CITY_CARD }));
    expect(result).toMatchObject({ cents: 2200, rateMessage: 'Max to Close' });
  });

  it('describes a night special that ends the next morning', () => {
    const night = MIDTOWN_CARD.specials[1];
    expect(night && describeSpecial(night)).toBe('Enter 5:00 PM–midnight, exit by 6:00 AM next day (Every day)');
  });
});

describe('events override the board', () => {
  const knicks = { eventRateId: 9001, eventId: 1, eventName: 'Knicks vs. Celtics', venueName: 'Madison Square Garden', startTime: at('2026-11-24T00:30:00Z'), cents: 5000 };

  it('arriving 6:30 PM for a 7:30 PM game, 2 h ($32.00 on tiers) costs the Event Rate $50.00', () => {
    const result = priced(quote('2026-11-23T23:30:00Z', '2026-11-24T01:30:00Z', { events: [knicks] }));
    expect(result).toMatchObject({ cents: 5000, rateId: 1_009_001, rateMessage: 'Event Rate', isEventRate: true, eventId: 1 });
  });

  it('arriving 3 h 30 min before the start is outside the event window: $32.00 on tiers', () => {
    expect(priced(quote('2026-11-23T21:00:00Z', '2026-11-23T23:00:00Z', { events: [knicks] })).isEventRate).toBe(false);
  });

  it('a 2-day stay starting at the event costs the board (2 × $65.00 = $130.00 > $50.00), still flagged as event', () => {
    const result = priced(quote('2026-11-24T00:00:00Z', '2026-11-26T00:00:00Z', { events: [knicks] }));
    expect(result).toMatchObject({ cents: 13_000, isEventRate: true });
  });
});

describe('no rate applies', () => {
  it('a blackout gives no price and explains why', () => {
    const result = quote('2026-11-23T19:00:00Z', '2026-11-23T21:00:00Z', { blackoutMessages: ['Closed for the parade.'] });
    expect(result).toEqual({ isAvailable: false, durationMinutes: 120, rateMessage: 'This location is not available for the selected time: Closed for the parade.' });
  });

  it('an arrival more than 30 minutes ago gives no price', () => {
    expect(quote('2026-11-23T10:00:00Z', '2026-11-23T12:00:00Z').isAvailable).toBe(false);
  });

  it('JC closes at midnight on weekdays: out Tue 1:00 AM is refused', () => {
    const result = quote('2026-11-23T20:00:00Z', '2026-11-24T06:00:00Z', { card: JERSEY_CITY_CARD, hoursText: 'Mon–Fri 6 AM–Midnight' });
    expect(result).toMatchObject({ isAvailable: false, rateMessage: 'This location is closed at the selected departure time. Hours: Mon–Fri 6 AM–Midnight.' });
  });

  it('JC is closed on Sundays: arriving Sun noon is refused', () => {
    expect(quote('2026-11-29T17:00:00Z', '2026-11-29T19:00:00Z', { card: JERSEY_CITY_CARD }).rateMessage).toMatch(/closed at the selected arrival time/);
  });

  it('JC: leaving exactly at midnight closing is allowed', () => {
    expect(quote('2026-11-23T20:00:00Z', '2026-11-24T05:00:00Z', { card: JERSEY_CITY_CARD }).isAvailable).toBe(true);
  });

  it('JC: a car may stay in over the closed night (in Mon 9 AM, out Tue 9 AM is $28.00)', () => {
    expect(priced(quote('2026-11-23T14:00:00Z', '2026-11-24T14:00:00Z', { card: JERSEY_CITY_CARD })).cents).toBe(2800);
  });
});
