import { describe, expect, it } from 'vitest';
import { classifyNotice, matchesFilter, overlaps, parseBlackoutFilter, searchWindow } from './notice-period.ts';

const at = (iso: string) => new Date(iso);
const notice = { start: at('2026-11-23T15:00:00Z'), end: at('2026-11-23T20:00:00Z') };

describe('classifyNotice', () => {
  it('is future before its start, current from its start, past from its end', () => {
    expect(classifyNotice(notice, at('2026-11-23T14:59:59.999Z'))).toBe('future');
    expect(classifyNotice(notice, at('2026-11-23T15:00:00Z'))).toBe('current');
    expect(classifyNotice(notice, at('2026-11-23T19:59:59.999Z'))).toBe('current');
    expect(classifyNotice(notice, at('2026-11-23T20:00:00Z'))).toBe('past');
  });
});

describe('parseBlackoutFilter', () => {
  it('maps 0–3 to all, past, current, future', () => {
    expect(['0', '1', '2', '3'].map(parseBlackoutFilter)).toEqual(['all', 'past', 'current', 'future']);
  });
  it('rejects anything else', () => {
    for (const bad of ['4', '-1', '01', '1.0', 'past', '', ' 1']) expect(parseBlackoutFilter(bad)).toBeUndefined();
  });
});

describe('matchesFilter', () => {
  it('keeps everything for "all" and only the matching period otherwise', () => {
    const now = at('2026-11-23T16:00:00Z');
    expect(matchesFilter(notice, 'all', now)).toBe(true);
    expect(matchesFilter(notice, 'current', now)).toBe(true);
    expect(matchesFilter(notice, 'past', now)).toBe(false);
    expect(matchesFilter(notice, 'future', now)).toBe(false);
  });
});

describe('searchWindow', () => {
  it('leaves a timed window as it is', () => {
    const window = searchWindow(at('2026-11-28T15:00:00Z'), at('2026-11-28T16:00:00Z'), false);
    expect(window.start.toISOString()).toBe('2026-11-28T15:00:00.000Z');
    expect(window.end.toISOString()).toBe('2026-11-28T16:00:00.000Z');
  });
  it('widens an all-day window to whole New York days (EST is UTC−5)', () => {
    const window = searchWindow(at('2026-11-28T15:00:00Z'), at('2026-11-29T16:00:00Z'), true);
    expect(window.start.toISOString()).toBe('2026-11-28T05:00:00.000Z');
    expect(window.end.toISOString()).toBe('2026-11-30T05:00:00.000Z');
  });
  it('does not pull in the next day when the end is exactly midnight in New York', () => {
    const window = searchWindow(at('2026-11-28T05:00:00Z'), at('2026-11-29T05:00:00Z'), true);
    expect(window.end.toISOString()).toBe('2026-11-29T05:00:00.000Z');
  });
  it('uses the New York day, not the UTC day, late in the evening', () => {
    // 11:30 PM on Nov 27 in New York is already Nov 28 in UTC.
    const window = searchWindow(at('2026-11-28T04:30:00Z'), at('2026-11-28T04:45:00Z'), true);
    expect(window.start.toISOString()).toBe('2026-11-27T05:00:00.000Z');
    expect(window.end.toISOString()).toBe('2026-11-28T05:00:00.000Z');
  });
  it('handles the 25-hour day when daylight saving time ends', () => {
    const window = searchWindow(at('2026-11-01T12:00:00Z'), at('2026-11-01T13:00:00Z'), true);
    expect(window.start.toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(window.end.toISOString()).toBe('2026-11-02T05:00:00.000Z');
  });
});

describe('overlaps', () => {
  const window = { start: at('2026-11-23T20:00:00Z'), end: at('2026-11-23T22:00:00Z') };
  it('does not count touching ends as overlap', () => {
    expect(overlaps(notice, window)).toBe(false);
    expect(overlaps({ start: at('2026-11-23T22:00:00Z'), end: at('2026-11-23T23:00:00Z') }, window)).toBe(false);
  });
  it('counts any shared instant', () => {
    expect(overlaps({ start: at('2026-11-23T19:00:00Z'), end: at('2026-11-23T20:00:00.001Z') }, window)).toBe(true);
    expect(overlaps({ start: at('2026-11-23T00:00:00Z'), end: at('2026-11-24T00:00:00Z') }, window)).toBe(true);
  });
});
