import { describe, expect, it } from 'vitest';
import { openingHoursSpec } from './opening-hours';

describe('openingHoursSpec', () => {
  it('reads the seeded descriptions', () => {
    expect(openingHoursSpec('Open 24 Hours')).toEqual(['Mo-Su 00:00-23:59']);
    expect(openingHoursSpec('Mon–Fri 6 AM–Midnight, Sat–Sun 7 AM–11 PM')).toEqual(['Mo-Fr 06:00-24:00', 'Sa-Su 07:00-23:00']);
    expect(openingHoursSpec('Mon–Fri 5:30 AM–1 AM, Sat–Sun 7 AM–1 AM')).toEqual(['Mo-Fr 05:30-01:00', 'Sa-Su 07:00-01:00']);
    expect(openingHoursSpec('Mon–Sat 6 AM–1 AM, Sun 8 AM–11 PM')).toEqual(['Mo-Sa 06:00-01:00', 'Su 08:00-23:00']);
  });

  it('leaves out closed days and notes', () => {
    expect(openingHoursSpec('Mon–Fri 6 AM–11 PM, Sat 8 AM–11 PM, Sun Closed')).toEqual(['Mo-Fr 06:00-23:00', 'Sa 08:00-23:00']);
    expect(openingHoursSpec('Mon–Sun 6 AM–1 AM; later on event nights')).toEqual(['Mo-Su 06:00-01:00']);
    expect(openingHoursSpec('Call for hours')).toEqual([]);
  });
});
