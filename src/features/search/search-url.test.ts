import { describe, expect, it } from 'vitest';
import { formatUrlTime, parseUrlTime, readSearchOnce, readSearchUrl, parseSearchUrl, writeSearchUrl, type SearchState } from './search-url';

const at = (iso: string): number => Date.parse(iso);
const now = at('2026-11-23T19:07:00Z');

describe('URL times', () => {
  it('reads and writes MM-DD-YYYYTh:mmAM/PM in New York time', () => {
    expect(parseUrlTime('11-25-2026T5:30PM')).toBe(at('2026-11-25T22:30:00Z'));
    expect(parseUrlTime('11-25-2026T12:00AM')).toBe(at('2026-11-25T05:00:00Z'));
    expect(formatUrlTime(at('2026-11-25T22:30:00Z'))).toBe('11-25-2026T5:30PM');
    expect(formatUrlTime(at('2026-07-04T16:00:00Z'))).toBe('07-04-2026T12:00PM');
  });
  it('ignores what is not a real time', () => {
    for (const text of ['02-30-2026T5:30PM', '11-25-2026T13:30PM', '11-25-2026 5:30PM', 'tomorrow', '']) expect(parseUrlTime(text)).toBeUndefined();
  });
});

describe('search URL round trip', () => {
  const state: SearchState = {
    type: 'DAILY',
    query: 'Penn Station',
    latitude: 40.7505,
    longitude: -73.9934,
    arrival: at('2026-11-25T22:30:00Z'),
    departure: at('2026-11-26T00:30:00Z'),
    isOversized: true,
  };
  it('writes dashes, six decimals and the filters', () => {
    expect(writeSearchUrl(state)).toEqual({ q: 'Penn-Station', lat: '40.750500', lng: '-73.993400', from: '11-25-2026T5:30PM', to: '11-25-2026T7:30PM', type: undefined, oversized: 1 });
  });
  it('reads back what it wrote', () => {
    const url = parseSearchUrl(writeSearchUrl(state));
    expect(readSearchUrl(url, now)).toEqual(state);
  });
  it('writes a monthly search with its start date only', () => {
    const url = writeSearchUrl({ ...state, type: 'MONTHLY', isOversized: false });
    expect(url).toMatchObject({ type: 'monthly', to: undefined, oversized: undefined });
    expect(readSearchUrl(parseSearchUrl(url), now).type).toBe('MONTHLY');
  });
  it('falls back to the suggested times for unparsable or past times', () => {
    const fallback = { arrival: at('2026-11-23T19:30:00Z'), departure: at('2026-11-23T21:30:00Z') };
    expect(readSearchUrl(parseSearchUrl({ from: 'soon', to: 'later' }), now)).toMatchObject(fallback);
    expect(readSearchUrl(parseSearchUrl({ from: '11-20-2026T5:30PM' }), now)).toMatchObject(fallback);
  });
  it('gives bad parameters up instead of failing', () => {
    // A hand-edited link: values no link of ours writes.
    const edited: Record<string, unknown> = { lat: 'north', lng: 500, type: 'weekly', oversized: 2, q: 10001 };
    expect(parseSearchUrl(edited)).toEqual({ q: '10001', lat: undefined, lng: undefined, from: undefined, to: undefined, type: undefined, oversized: undefined });
  });
  it('keeps six decimals however the link wrote the position', () => {
    expect(parseSearchUrl({ lat: 40.7505, lng: '-73.99' })).toMatchObject({ lat: '40.750500', lng: '-73.990000' });
  });
});

describe('reading a search once per URL', () => {
  const link = { q: 'Penn-Station', lat: '40.750500', lng: '-73.993400' };

  it('keeps the same objects when the suggested times are written into the URL', () => {
    const first = readSearchOnce(undefined, link, now);
    const withTimes = readSearchOnce(first, writeSearchUrl(first.search), now + 5_000);
    expect(withTimes).toBe(first);
    expect(withTimes.search).toBe(first.search);
    expect(withTimes.now).toBe(now);
  });

  it('reads the URL again when it names another search', () => {
    const first = readSearchOnce(undefined, link, now);
    const oversized = readSearchOnce(first, { ...writeSearchUrl(first.search), oversized: 1 }, now + 5_000);
    expect(oversized.search).not.toBe(first.search);
    expect(oversized.search).toMatchObject({ isOversized: true, arrival: first.search.arrival });
    expect(oversized.now).toBe(now + 5_000);
  });

  it('does not move the times of the same URL as the clock goes on', () => {
    const first = readSearchOnce(undefined, link, now);
    expect(readSearchOnce(first, { ...link }, now + 3 * 3_600_000)).toBe(first);
  });
});
