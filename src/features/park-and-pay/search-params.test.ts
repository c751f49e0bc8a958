import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { parseSearch, stringifySearch } from '../../lib/search-serialization';
import { convertSearchSchema, sessionSearchSchema, welcomeSearchSchema } from './search-params';

/** What a route sees after the router wrote `search` into a URL and read it back. */
const roundTrip = <S extends v.GenericSchema>(schema: S, search: Record<string, unknown>) => v.parse(schema, parseSearch(stringifySearch(search)));

describe('park-and-pay query parameters', () => {
  it('keep all-digit text as the same text through a clean URL', () => {
    expect(stringifySearch({ location: '1044' })).toBe('?location=1044');
    expect(roundTrip(welcomeSearchSchema, { location: '1044', auto: true })).toEqual({ location: '1044', auto: true });
    expect(roundTrip(sessionSearchSchema, { licensePlate: '1234' })).toEqual({ licensePlate: '1234' });
    expect(roundTrip(convertSearchSchema, { ticketNumber: '123456', vehicleId: 9 })).toEqual({ ticketNumber: '123456', vehicleId: 9 });
    expect(roundTrip(convertSearchSchema, { ticketNumber: '10442611230001004821001' })).toEqual({ ticketNumber: '10442611230001004821001' });
  });

  it('read the old quoted links', () => {
    expect(v.parse(welcomeSearchSchema, parseSearch('?location=%221044%22&auto=true'))).toEqual({ location: '1044', auto: true });
    expect(v.parse(convertSearchSchema, parseSearch('?ticketNumber=%22PXA4TC9%22&vehicleId=%223%22'))).toEqual({ ticketNumber: 'PXA4TC9', vehicleId: 3 });
  });

  it('drop bad values', () => {
    expect(v.parse(convertSearchSchema, parseSearch('?vehicleId=abc&ticketNumber=%7B%22a%22%3A1%7D'))).toEqual({ ticketNumber: undefined, vehicleId: undefined });
  });
});
