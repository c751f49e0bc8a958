/**
 * The pure rules of daily reservations: what the driver pays for a quote, until when a
 * reservation can be cancelled, how many spaces a garage offers for reservations, and the
 * confirmation number's shape (the same shape as the seeded ParkFair aggregator numbers, since
 * the gate looks both up in one table).
 */
import { randomInt } from 'node:crypto';
import { dailyStayLines, type DailyPriced } from '../../src/contract/priced-lines-quotes.ts';
import { CANCEL_BEFORE_START_MINUTES, PENDING_HOLD_MINUTES } from '../../src/contract/reservations.ts';
import { toLocal } from '../rates/local-time.ts';

/**
 * What the driver pays for a quote: the total of its priced lines (decision 0110), the figure
 * the list, the checkout and the pass show (rate with tax plus service fee, or the oversize rate
 * plus the oversized fee, spec 1 §5).
 */
export function reservationTotalCents(rate: DailyPriced, isOversized: boolean): number {
  return dailyStayLines(rate, isOversized).totalCents;
}

export function cancelDeadline(entry: Date): Date {
  return new Date(entry.getTime() - CANCEL_BEFORE_START_MINUTES * 60_000);
}

/** Cancelling is allowed up to and including the deadline, 30 minutes before the start. */
export function isCancellable(entry: Date, now: Date): boolean {
  return now.getTime() <= cancelDeadline(entry).getTime();
}

/**
 * A garage keeps most of its spaces for drive-up and monthly parkers (as SpotHero inventory
 * works): a quarter of its capacity, at least one space, can be held by reservations at once.
 */
export const RESERVABLE_SHARE = 0.25;
export function reservableSpaces(capacity: number): number {
  return Math.max(1, Math.floor(capacity * RESERVABLE_SHARE));
}

/**
 * A pending reservation holds its space from creation for PENDING_HOLD_MINUTES (decision 0102):
 * long enough to type a card, pass a 3-D Secure check and retry a decline, short enough that an
 * abandoned checkout frees the space soon. After that it no longer counts and cannot be paid.
 */
export function holdExpiresAt(now: Date): Date {
  return new Date(now.getTime() + PENDING_HOLD_MINUTES * 60_000);
}

export function isHolding(row: { status: string; hold_expires_at: Date | string | null }, now: Date): boolean {
  if (row.status === 'confirmed') return true;
  return row.status === 'pending' && row.hold_expires_at !== null && new Date(row.hold_expires_at).getTime() > now.getTime();
}

/** No 0/O or 1/I, so a number read aloud at the gate is not misheard. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** "PF-<yymm of the start, New York time>-<4 characters>", e.g. PF-2611-8K3M. */
export function newConfirmationNumber(entry: Date, pick: (max: number) => number = randomInt): string {
  const local = toLocal(entry).date;
  const yymm = `${String(local.year % 100).padStart(2, '0')}${String(local.month).padStart(2, '0')}`;
  let suffix = '';
  for (let i = 0; i < 4; i += 1) suffix += ALPHABET[pick(ALPHABET.length)];
  return `PF-${yymm}-${suffix}`;
}
