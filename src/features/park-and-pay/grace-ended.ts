/**
 * A paid ticket after its exit-by time (issue 38): the grace period after the payment is over, the
 * garage prices the stay to now again (server/parking-system/ticket-charges.ts `pricedUntil`), and
 * the driver must hear that more may be due before reaching the gate. The device's saved copy
 * still says "paid, nothing due" then, so the rule reads the exit-by time on the device clock;
 * the amount is estimated from the garage's saved rate board when the board reproduces what was
 * paid (else a coupon or a changed board would make the figure wrong, and none is shown).
 */
import type { GarageTicket } from '../../contract/parking-system';
import { stayPrice } from '../../contract/next-price-step';
import type { RatePricing } from '../../contract/rates';

const MINUTE_MS = 60_000;

type PaidTicket = Pick<GarageTicket, 'status' | 'amountPaid' | 'amountDue' | 'exitByUtc'>;

/**
 * The exit-by instant that has passed, for a ticket the saved copy still calls settled (paid,
 * nothing due, not exited); undefined while it may still leave, or when the copy says otherwise.
 */
export function graceEndedAt(ticket: PaidTicket, now: number): number | undefined {
  if (ticket.status === 'exited' || ticket.amountPaid <= 0 || ticket.amountDue > 0 || !ticket.exitByUtc) return undefined;
  const deadline = Date.parse(ticket.exitByUtc);
  return Number.isFinite(deadline) && now > deadline ? deadline : undefined;
}

/** A paid ticket the garage has priced again: the balance for the time past its grace period. */
export const isOverstayed = (ticket: PaidTicket): boolean => ticket.status !== 'exited' && ticket.amountPaid > 0 && ticket.amountDue > 0;

/**
 * What more the stay costs now, in cents, by the saved board: the stay priced to now less what was
 * paid. The board must first price the stay up to the payment (the ticket's minutes stop there) at
 * what the garage charged; undefined otherwise.
 */
export function extraDueCents(
  pricing: RatePricing,
  ticket: Pick<GarageTicket, 'entryTimeUtc' | 'minutes' | 'amount' | 'serviceFeeAmount' | 'amountPaid'>,
  now: number,
): number | undefined {
  const entry = Date.parse(ticket.entryTimeUtc);
  if (!Number.isFinite(entry)) return undefined;
  const charged = Math.round((ticket.amount + ticket.serviceFeeAmount) * 100);
  const paid = Math.round(ticket.amountPaid * 100);
  if (paid !== charged || stayPrice(pricing, entry, entry + ticket.minutes * MINUTE_MS) !== charged) return undefined;
  return Math.max(0, stayPrice(pricing, entry, now) - paid);
}

const dollars = (cents: number): string => `$${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** Our words (the spec has none for this moment); the overstay line is the pay page's (ticket-messages.ts). */
export const GRACE_TEXT = {
  ended: (time: string) => `Your grace period after payment ended at ${time}. More may be due for the extra time: pay the balance before you exit.`,
  estimate: (cents: number) => `By the garage's rates, about ${dollars(cents)} more is due now.`,
  overstay: (amount: string) => `You stayed past the grace period after your payment. A balance of $${amount} is due for the extra time.`,
};
