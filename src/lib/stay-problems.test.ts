/**
 * The reserve screen never rewrites a driver's times silently (issue 38 item 6): a stay is either
 * shown and payable as chosen, or shown as chosen with the problems that block paying.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromWallTime, nearestSlot, settleTimes, STAY_PROBLEM_MESSAGES, stayProblems } from './time-slots';

// Monday 2026-11-23 2:10 PM in New York (UTC−5).
const NOW = Date.parse('2026-11-23T19:10:00.000Z');
const at = (date: string, minutes: number) => fromWallTime({ date, minutes });
const DAY = 86_400_000;

describe('stayProblems', () => {
  it('names a past arrival and a departure not after arrival, and nothing for a valid stay', () => {
    expect(stayProblems({ arrival: at('2026-11-20', 18 * 60), departure: at('2026-11-20', 20 * 60) }, NOW)).toEqual(['arrival-past']);
    expect(stayProblems({ arrival: at('2026-11-24', 18 * 60), departure: at('2026-11-24', 17 * 60) }, NOW)).toEqual(['departure-not-after-arrival']);
    expect(stayProblems({ arrival: at('2026-11-24', 18 * 60), departure: at('2026-11-24', 18 * 60) }, NOW)).toEqual(['departure-not-after-arrival']);
    expect(stayProblems({ arrival: at('2026-11-20', 18 * 60), departure: at('2026-11-20', 17 * 60) }, NOW)).toEqual(['arrival-past', 'departure-not-after-arrival']);
    expect(stayProblems({ arrival: nearestSlot(NOW), departure: nearestSlot(NOW) + 30 * 60_000 }, NOW)).toEqual([]);
    expect(stayProblems({ arrival: NOW + 100 * DAY, departure: NOW + 101 * DAY }, NOW)).toEqual(['arrival-too-far']);
    expect(stayProblems({ arrival: at('2026-11-24', 600), departure: at('2026-11-24', 600) + 31 * DAY }, NOW)).toEqual(['stay-too-long']);
    for (const problem of stayProblems({ arrival: 0, departure: 0 }, NOW)) expect(STAY_PROBLEM_MESSAGES[problem]).toMatch(/\.$/);
  });

  it('for any chosen stay: no problems exactly when the slot rules would keep it as chosen, so any silent change is a named problem', () => {
    const instant = fc.integer({ min: NOW - 40 * DAY, max: NOW + 130 * DAY });
    fc.assert(
      fc.property(instant, instant, fc.integer({ min: NOW - DAY, max: NOW + DAY }), (arrival, departure, now) => {
        const chosen = { arrival, departure };
        const settled = settleTimes(chosen, now);
        const isKept = settled.arrival === arrival && settled.departure === departure;
        expect(stayProblems(chosen, now).length === 0).toBe(isKept);
        // The offered fix ("Use the next available times") is always a payable stay.
        expect(stayProblems(settled, now)).toEqual([]);
      }),
      { numRuns: 2000 },
    );
  });
});
