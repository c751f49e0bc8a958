/**
 * What a screen says about the device's saved copy of its data (DESIGN.md "Offline and the lot";
 * the gate pages, the search and the reservation pass), decided from what is known on the first frame, not from
 * requests failing later: navigator.onLine, the copy's update time, and the last refresh's error.
 *
 * - offline (the browser says so, or the last refresh got no answer): "offline · last updated 12:04";
 * - online, but the copy is older than its refresh interval allows: "updated 12:04";
 * - otherwise nothing (the line's space stays reserved, so nothing below it moves).
 */
import { newYorkClock } from './new-york-time';

/** A refresh may take a while on a weak signal: the copy is called old only past this share of its interval. */
const STALE_AFTER_INTERVALS = 1.5;

export type SavedCopyFacts = {
  isOnline: boolean;
  /** The last refresh got no answer from the network (a NetworkError), though the browser thinks it is online. */
  isUnreachable: boolean;
  updatedAt: number;
  refreshIntervalMs: number;
  now: number;
};

export function savedCopyMarker({ isOnline, isUnreachable, updatedAt, refreshIntervalMs, now }: SavedCopyFacts): string {
  if (!updatedAt) return '';
  if (!isOnline || isUnreachable) return `offline · last updated ${newYorkClock(updatedAt)}`;
  if (now - updatedAt > refreshIntervalMs * STALE_AFTER_INTERVALS) return `updated ${newYorkClock(updatedAt)}`;
  return '';
}
