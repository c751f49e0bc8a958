import { describe, expect, it } from 'vitest';
import { defaultTimes } from './time-slots';
import { formatUrlTime, reserveHref, searchedStay } from './reserve-links';

const at = (iso: string) => Date.parse(iso);
const NOW = at('2026-11-25T15:10:00Z'); // 10:10 AM in New York

describe('Reserve links carry the searched stay to the reserve screen', () => {
  it('a daily link writes the times in the search URL format, and the screen reads the same stay back', () => {
    const arrival = at('2026-11-25T23:00:00Z'); // 6:00 PM
    const departure = at('2026-11-26T02:00:00Z'); // 9:00 PM
    const href = reserveHref({ seoUrl: '123-w-44th-st-new-york', locationId: 1 }, { type: 'DAILY', arrival, departure, isOversized: false });
    expect(href).toBe('/reserve/daily/123-w-44th-st-new-york?from=11-25-2026T6%3A00PM&to=11-25-2026T9%3A00PM');
    const query = new URL(href, 'https://x').searchParams;
    expect(searchedStay(query.get('from') ?? undefined, query.get('to') ?? undefined, NOW)).toEqual({ arrival, departure });
  });

  it('a monthly link names the garage by id, as the sign-up screen reads it', () => {
    const href = reserveHref({ seoUrl: 'x', locationId: 7 }, { type: 'MONTHLY', arrival: NOW, departure: NOW, isOversized: true });
    expect(new URL(href, 'https://x').searchParams.get('locationId')).toBe('7');
    expect(href).toMatch(/^\/reserve\/monthly\?/);
  });

  it('missing or unreadable times give the suggested stay; a past arrival moves to the nearest slot', () => {
    expect(searchedStay(undefined, undefined, NOW)).toEqual(defaultTimes(NOW));
    expect(searchedStay('tomorrow', '11-25-2026T9:00PM', NOW)).toEqual(defaultTimes(NOW));
    const stay = searchedStay(formatUrlTime(at('2026-11-24T23:00:00Z')), formatUrlTime(at('2026-11-26T02:00:00Z')), NOW);
    expect(stay.arrival).toBe(defaultTimes(NOW).arrival);
    expect(stay.departure).toBe(at('2026-11-26T02:00:00Z'));
  });
});
