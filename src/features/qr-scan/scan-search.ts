/**
 * The scanner pages' query (`?type=…&reservationNumber=…`), apart from where a scan leads
 * (scan-targets.ts): the routes read it in the entry chunk, the targets load with the scanner.
 */
import { matchingTextParam, oneOfParam } from '../../lib/search-params';

export const SCAN_TYPES = ['redeem-choose', 'redeem-commit', 'pay-for-parking', 'choose', 'retrieve'] as const;
export type ScanType = (typeof SCAN_TYPES)[number];

/** A reservation number as the scanner and the tickets contract read it: trimmed, upper-case, 4–24 letters, digits or dashes. */
export const readReservationNumber = (value: unknown): string | undefined =>
  // The router parses an all-digit search value (a SpotHero number) as a number: accepted too.
  matchingTextParam(value, /^[A-Z0-9-]{4,24}$/, (text) => text.trim().toUpperCase());

export type ScanSearch = { type?: ScanType; reservationNumber?: string };
export const parseScanSearch = (search: Record<string, unknown>): ScanSearch => ({
  type: oneOfParam(search['type'], SCAN_TYPES),
  reservationNumber: readReservationNumber(search['reservationNumber']),
});
