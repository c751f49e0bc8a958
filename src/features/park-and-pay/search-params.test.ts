import { describe, expect, it } from 'vitest';
import { parseSearch, stringifySearch } from '../../lib/search-serialization';
import { parseConvertSearch, parseSessionSearch, parseWelcomeSearch } from './search-params';

/** What a route sees after the router wrote `search` into a URL and read it back. */
const roundTrip = <T,>(parse: (search: Record<string, unknown>) => T, search: Record<string, unknown>) => parse(parseSearch(stringifySearch(search)));

describe('park-and-pay query parameters', () => {
  it('keep all-digit text as the same text through a clean URL', () => {
    expect(stringifySearch({ location: '1044' })).toBe('?location=1044');
    expect(roundTrip(parseWelcomeSearch, { location: '1044', auto: true })).toEqual({ location: '1044', auto: true });
    expect(roundTrip(parseSessionSearch, { licensePlate: '1234' })).toEqual({ licensePlate: '1234' });
    expect(roundTrip(parseSessionSearch, { licensePlate: 'ABC123', show: 'pass' })).toEqual({ licensePlate: 'ABC123', show: 'pass' });
    expect(roundTrip(parseConvertSearch, { ticketNumber: '123456', vehicleId: 9 })).toEqual({ ticketNumber: '123456', vehicleId: 9 });
    expect(roundTrip(parseConvertSearch, { ticketNumber: '10442611230001004821001' })).toEqual({ ticketNumber: '10442611230001004821001' });
  });

  it('read the old quoted links', () => {
    expect(parseWelcomeSearch(parseSearch('?location=%221044%22&auto=true'))).toEqual({ location: '1044', auto: true });
    expect(parseConvertSearch(parseSearch('?ticketNumber=%22PXA4TC9%22&vehicleId=%223%22'))).toEqual({ ticketNumber: 'PXA4TC9', vehicleId: 3 });
  });

  it('drop bad values', () => {
    expect(parseConvertSearch(parseSearch('?vehicleId=abc&ticketNumber=%7B%22a%22%3A1%7D'))).toEqual({ ticketNumber: undefined, vehicleId: undefined });
    expect(parseConvertSearch(parseSearch('?vehicleId=0'))).toEqual({ ticketNumber: undefined, vehicleId: undefined });
    expect(parseConvertSearch(parseSearch('?vehicleId=2.5'))).toEqual({ ticketNumber: undefined, vehicleId: undefined });
    expect(parseSessionSearch(parseSearch('?show=receipt'))).toEqual({ licensePlate: undefined, show: undefined });
  });
});
