/**
 * Facts about the device's saved copy of a driver's tickets (DESIGN.md "Offline and the lot"):
 * whether a paid ticket may still leave, and its saved local entry time. The "offline · last
 * updated" line itself is src/lib/saved-copy-marker.ts, shared with the search.
 */
import type { GarageTicket } from '../../contract/parking-system';
import { newYorkOffsetHours } from '../../lib/new-york-time';
import { formatEntry } from './flow-rules';

/**
 * The instant a paid ticket must leave by, while it may still leave without paying more: paid,
 * nothing due, and the exit time not passed (on the device clock, so it holds offline).
 */
export function paidExitBy(ticket: Pick<GarageTicket, 'amountPaid' | 'amountDue' | 'status' | 'exitByUtc'>, now: number): number | undefined {
  if (ticket.status === 'exited' || ticket.amountPaid <= 0 || ticket.amountDue > 0 || !ticket.exitByUtc) return undefined;
  const deadline = Date.parse(ticket.exitByUtc);
  return Number.isFinite(deadline) && now <= deadline ? deadline : undefined;
}

const HOUR_MS = 3_600_000;

/**
 * The instant of a New York wall-clock time without an offset ("2026-11-25T10:33:29", what a
 * saved exit pass keeps); undefined when it does not read as one.
 */
export function instantOfNewYorkLocal(localTime: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(localTime);
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second] = match.map(Number) as number[];
  const asUtc = Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1, hour ?? 0, minute ?? 0, second ?? 0);
  // The offset at the wall time read as EST is the offset at the instant except in the hour a switch skips or repeats.
  return asUtc - newYorkOffsetHours(asUtc + 5 * HOUR_MS) * HOUR_MS;
}

/** "Wed, Nov 25, 2026 · 10:33 AM" of a saved pass's local entry time (never the raw ISO text). */
export function formatLocalEntry(localTime: string): string {
  const instant = instantOfNewYorkLocal(localTime);
  return instant === undefined ? localTime : formatEntry(new Date(instant).toISOString());
}
