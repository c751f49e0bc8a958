import { describe, expect, it } from 'vitest';
import type { Reservation } from '../../contract/reservations';
import { reservationCalendarFile } from './calendar-file';

const reservation = {
  reservationId: 7,
  confirmationNumber: 'PF-2611-8K3M',
  location: { address1: '123 W 44th St', city: 'New York', state: 'NY', zip: '10036' },
  rateInstance: { entryTimeUtc: '2026-11-24T23:00:00.000Z', exitTimeUtc: '2026-11-25T02:00:00.000Z' },
} as unknown as Reservation;

describe('reservationCalendarFile', () => {
  it('is one UTC event at the garage with CRLF lines, escaped commas and the pass link', () => {
    const text = reservationCalendarFile(reservation, 'https://parkfair.example/my-account/reservations/7', '2026-11-23T19:00:00.000Z');
    expect(text).toContain('\r\nDTSTART:20261124T230000Z\r\n');
    expect(text).toContain('\r\nDTEND:20261125T020000Z\r\n');
    expect(text).toContain('LOCATION:123 W 44th St\\, New York\\, NY 10036');
    expect(text).toContain('UID:reservation-7@parkfair');
    expect(text.split('\r\n').every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
    expect(text.replace(/\r\n /g, '')).toContain('https://parkfair.example/my-account/reservations/7');
  });
});
