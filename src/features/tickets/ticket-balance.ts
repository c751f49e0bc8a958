/**
 * Pure rules of the ticket screens about what is owed and what to warn about (spec 3 §4):
 * - a balance can be paid while the car is on the lot and something is due, including after a
 *   payment, when the driver stayed past the grace period (the overstay second payment);
 * - the plate mismatch warning shows when the plate the driver entered (or none of their
 *   vehicles) is the car on the ticket, and stays while the ticket waits for its audit review.
 */
import type { RetrieveCarSession } from '../../contract/tickets';
import { newYorkTime } from '../../lib/new-york-time';

type Owed = Pick<RetrieveCarSession, 'status' | 'isMonthlyTicket' | 'amountDue' | 'amountPaid'>;

export const canPayBalance = (ticket: Owed): boolean => ticket.status !== 'exited' && !ticket.isMonthlyTicket && ticket.amountDue > 0;

/** Paid once already and owing more: the time after the grace period. */
export const isOverstayBalance = (ticket: Owed): boolean => canPayBalance(ticket) && ticket.amountPaid > 0;

/** Coupons change the price of a ticket nobody has paid yet (the server refuses them later). */
export const canUseCoupon = (ticket: Owed): boolean => ticket.status === 'open' && !ticket.isMonthlyTicket && ticket.amountPaid === 0;

export type PlateCheck = { plate: string; isMismatch: boolean };

/**
 * Which plate warning to show: none; `warning` (the entered plate or the driver's vehicles do
 * not match: the driver may go on with a typed plate, which brings the minimum rate with an audit
 * review); `audit` (already under audit review, charged the minimum).
 */
export function plateWarningFor(ticket: Pick<RetrieveCarSession, 'isPlateMismatch' | 'isAuditReview' | 'status'>, check: PlateCheck | undefined): 'none' | 'warning' | 'audit' {
  if (ticket.isAuditReview) return 'audit';
  if (ticket.status === 'exited') return 'none';
  const isMismatch = check ? check.isMismatch : ticket.isPlateMismatch;
  return isMismatch ? 'warning' : 'none';
}

/** "3:45 PM" in New York time, for "exit by". */
export const formatExitTime = (iso: string): string => newYorkTime(new Date(iso));
