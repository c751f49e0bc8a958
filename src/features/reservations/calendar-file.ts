/**
 * An iCalendar (RFC 5545) event for a reservation, for "Add to calendar": one VEVENT in UTC with
 * the garage's address as the location and the pass link in the description. Text values are
 * escaped and lines folded at 75 octets, as calendar apps expect.
 */
import type { Reservation } from '../../contract/reservations';

const stamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z');
const escapeText = (text: string) => text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

function fold(line: string): string {
  const parts: string[] = [];
  let rest = line;
  while (new TextEncoder().encode(rest).length > 75) {
    let cut = 75;
    while (new TextEncoder().encode(rest.slice(0, cut)).length > 75) cut -= 1;
    parts.push(rest.slice(0, cut));
    rest = ` ${rest.slice(cut)}`;
  }
  parts.push(rest);
  return parts.join('\r\n');
}

export function reservationCalendarFile(reservation: Reservation, passUrl: string, createdAt: string): string {
  const { location, rateInstance } = reservation;
  const address = `${location.address1}, ${location.city}, ${location.state} ${location.zip}`;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//ParkFair//Reservations//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:reservation-${reservation.reservationId}@parkfair`,
    `DTSTAMP:${stamp(createdAt)}`,
    `DTSTART:${stamp(rateInstance.entryTimeUtc)}`,
    `DTEND:${stamp(rateInstance.exitTimeUtc)}`,
    `SUMMARY:${escapeText(`Parking at ${location.address1} (${reservation.confirmationNumber})`)}`,
    `LOCATION:${escapeText(address)}`,
    `DESCRIPTION:${escapeText(`Confirmation number ${reservation.confirmationNumber}. Show your pass at the garage: ${passUrl}`)}`,
    `URL:${passUrl}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
