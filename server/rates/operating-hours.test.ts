import { describe, expect, it } from 'vitest';
import { isOpenAt, parseOperatingHours } from './operating-hours.ts';

describe('posted hours', () => {
  it('"Open 24 Hours" is always open', () => {
    expect(parseOperatingHours('Open 24 Hours')).toBeNull();
    expect(isOpenAt(null, 7, 180, false)).toBe(true);
  });

  it('"Mon–Fri 6 AM–Midnight, Sat–Sun 7 AM–11 PM": weekdays 360–1440, weekend 420–1380', () => {
    const hours = parseOperatingHours('Mon–Fri 6 AM–Midnight, Sat–Sun 7 AM–11 PM');
    expect(hours?.[1]).toEqual({ opensAt: 360, closesAt: 1440 });
    expect(hours?.[6]).toEqual({ opensAt: 420, closesAt: 1380 });
  });

  it('"Mon–Sat 6 AM–1 AM, Sun 8 AM–11 PM": Saturday closes at 1 AM Sunday (1500)', () => {
    const hours = parseOperatingHours('Mon–Sat 6 AM–1 AM, Sun 8 AM–11 PM');
    expect(hours?.[6]).toEqual({ opensAt: 360, closesAt: 1500 });
    expect(hours && isOpenAt(hours, 7, 30, false)).toBe(true); // Sun 12:30 AM, Saturday's hours
    expect(hours && isOpenAt(hours, 7, 90, false)).toBe(false); // Sun 1:30 AM
  });

  it('"Mon–Fri 5:30 AM–1 AM, Sat–Sun 7 AM–1 AM" reads half hours', () => {
    expect(parseOperatingHours('Mon–Fri 5:30 AM–1 AM, Sat–Sun 7 AM–1 AM')?.[3]).toEqual({ opensAt: 330, closesAt: 1500 });
  });

  it('"Mon–Fri 6 AM–11 PM, Sat 8 AM–11 PM, Sun Closed": Sunday is closed', () => {
    const hours = parseOperatingHours('Mon–Fri 6 AM–11 PM, Sat 8 AM–11 PM, Sun Closed');
    expect(hours?.[7]).toBeNull();
    expect(hours && isOpenAt(hours, 7, 720, false)).toBe(false);
  });

  it('exit exactly at closing time is allowed, entry is not', () => {
    const hours = parseOperatingHours('Mon–Fri 6 AM–9 PM, Sat–Sun Closed');
    expect(hours && isOpenAt(hours, 1, 1260, true)).toBe(true);
    expect(hours && isOpenAt(hours, 1, 1260, false)).toBe(false);
  });

  it('text that is not in the usual form is not guessed', () => {
    expect(parseOperatingHours('Call for hours')).toBeUndefined();
  });

  it('days not mentioned are closed, and a note after ";" is not part of the hours', () => {
    const hours = parseOperatingHours('Mon–Fri 6 AM–11 PM; event nights until 1 AM');
    expect(hours?.[5]).toEqual({ opensAt: 360, closesAt: 1380 });
    expect(hours?.[6]).toBeNull();
  });
});
