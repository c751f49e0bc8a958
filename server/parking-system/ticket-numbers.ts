/**
 * New ticket numbers in the QR formats of src/contract/tickets.ts.
 * - Gate tickets: 23 digits, as printed under the barcode: the garage's 4-digit lot code, the
 *   entry time in New York as yyMMddHHmmss, then 7 random digits (so numbers cannot be guessed
 *   from a neighbour's ticket).
 * - Digital tickets and provisional passes: 7 letters and digits without the look-alikes
 *   (0/O, 1/I, 5/S, 8/B), so a driver can read one out to an attendant.
 */
import { randomInt } from 'node:crypto';
import { Temporal } from 'temporal-polyfill';

const PASS_ALPHABET = 'ACDEFGHJKLMNPQRTUVWXY234679';

export function newGateTicketNumber(locationNumber: string, entry: Date): string {
  const local = Temporal.Instant.fromEpochMilliseconds(entry.getTime()).toZonedDateTimeISO('America/New_York');
  const two = (n: number) => String(n).padStart(2, '0');
  const stamp = `${two(local.year % 100)}${two(local.month)}${two(local.day)}${two(local.hour)}${two(local.minute)}${two(local.second)}`;
  const lot = locationNumber.replace(/\D/g, '').padStart(4, '0').slice(-4);
  const random = String(randomInt(0, 10_000_000)).padStart(7, '0');
  return `${lot}${stamp}${random}`;
}

export function newPassNumber(length: 6 | 7 = 7): string {
  let value = '';
  for (let i = 0; i < length; i++) value += PASS_ALPHABET[randomInt(0, PASS_ALPHABET.length)];
  return value;
}
