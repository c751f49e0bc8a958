import { describe, expect, it } from 'vitest';
import { parseSearch, stringifySearch } from './search-serialization';

describe('query strings', () => {
  it('writes plain strings plain', () => {
    expect(stringifySearch({ location: '1044' })).toBe('?location=1044');
    expect(stringifySearch({ location: '1044', auto: true })).toBe('?location=1044&auto=true');
    expect(stringifySearch({ licensePlate: 'ABC123', ticketNumber: '10442611230001004821001' })).toBe('?licensePlate=ABC123&ticketNumber=10442611230001004821001');
    expect(stringifySearch({ redirect: '/parkandpay/session?licensePlate=1234' })).toBe('?redirect=%2Fparkandpay%2Fsession%3FlicensePlate%3D1234');
    expect(stringifySearch({ vehicleId: 7, skipped: undefined })).toBe('?vehicleId=7');
    expect(stringifySearch({})).toBe('');
  });

  it('quotes only what would read back as something else', () => {
    expect(stringifySearch({ flag: 'true' })).toBe('?flag=%22true%22');
    expect(stringifySearch({ text: '"quoted"' })).toBe('?text=%22%5C%22quoted%5C%22%22');
    expect(stringifySearch({ list: [1, 2] })).toBe('?list=%5B1%2C2%5D');
    expect(parseSearch(stringifySearch({ flag: 'true', text: '"quoted"', list: [1, 2], filter: { a: 'b' } }))).toEqual({
      flag: 'true',
      text: '"quoted"',
      list: [1, 2],
      filter: { a: 'b' },
    });
  });

  it('reads canonical numbers and booleans as such, everything else as text', () => {
    expect(parseSearch('?location=1044&auto=true')).toEqual({ location: 1044, auto: true });
    // Not canonical numbers: a 23-digit ticket number, leading zeros, exponents, a plate like 1E3.
    expect(parseSearch('?t=10442611230001004821001&z=007&e=1e3&p=1E3')).toEqual({ t: '10442611230001004821001', z: '007', e: '1e3', p: '1E3' });
    expect(parseSearch('?licensePlate=ABC123&q=10036')).toEqual({ licensePlate: 'ABC123', q: 10036 });
  });

  it('still reads bookmarks written in the old quoted form', () => {
    expect(parseSearch('?location=%221044%22')).toEqual({ location: '1044' });
    expect(parseSearch('?licensePlate=%22ABC123%22&vehicleId=3')).toEqual({ licensePlate: 'ABC123', vehicleId: 3 });
    expect(parseSearch('location=%221044%22')).toEqual({ location: '1044' });
  });

  it('keeps text that only starts like JSON', () => {
    expect(parseSearch('?q=%5Bbroken')).toEqual({ q: '[broken' });
  });
});
