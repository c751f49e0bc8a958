/**
 * What a ticket owes, as pure arithmetic over its price (ticket-pricing.ts) and what has been
 * paid or redeemed against it.
 *
 * - An open ticket is priced from entry to now; an exited one to its exit.
 * - After a payment the driver has GRACE_AFTER_PAYMENT_MINUTES to leave: inside it the ticket is
 *   priced at the payment time (nothing more is due, the exit gate opens); after it the clock runs
 *   again from entry and the difference becomes due, as at a real pay-on-foot garage.
 * - A redeemed aggregator reservation pays the whole stay when the car entered and leaves inside
 *   the reservation window (with RESERVATION_WINDOW_GRACE_MINUTES either side); outside it, the
 *   prepaid rate is credited and the rest is due. Tickets carry no vehicle size, so the oversize
 *   fits of the spec's enumeration are never reported.
 * - The online service fee is charged only when something is due; monthly tickets owe nothing.
 * - A second (third…) payment pays only the difference: what is due is always the stay's price
 *   now less everything paid, so the fee paid with the first payment is not charged again.
 * - A ticket waiting for an audit review (its plate matched no car on the lot, spec 3 §4) is
 *   priced on the `minimum` basis: the garage's minimum rate, whatever the time on the ticket.
 */
import type { ReservationFit } from '../../src/contract/tickets.ts';
import type { Cents } from '../rates/money.ts';
import type { PricingBasis, TicketPrice } from './ticket-pricing.ts';

export const GRACE_AFTER_PAYMENT_MINUTES = 15;
export const RESERVATION_WINDOW_GRACE_MINUTES = 15;
const MINUTE_MS = 60_000;

export type TicketTimes = {
  entry: Date;
  exit: Date | null;
  paidAt: Date | null;
  isMonthly: boolean;
};

/** The instant the stay is priced to. */
export function pricedUntil(ticket: TicketTimes, now: Date): Date {
  if (ticket.exit) return ticket.exit;
  if (ticket.paidAt && now.getTime() <= ticket.paidAt.getTime() + GRACE_AFTER_PAYMENT_MINUTES * MINUTE_MS) return ticket.paidAt;
  return now;
}

/**
 * Until when a paid ticket may leave without paying more: the end of the grace period after the
 * last payment, while it lasts; null for an unpaid or exited ticket, or once the grace is over.
 */
export function paidExitDeadline(ticket: TicketTimes, now: Date): Date | null {
  if (ticket.exit || !ticket.paidAt || ticket.isMonthly) return null;
  const deadline = new Date(ticket.paidAt.getTime() + GRACE_AFTER_PAYMENT_MINUTES * MINUTE_MS);
  return now.getTime() <= deadline.getTime() ? deadline : null;
}

/** Spec 3 §4: a ticket flagged for an audit review is charged the minimum rate. */
export function pricingBasisFor(ticket: { auditReviewReason: string | null }): PricingBasis {
  return ticket.auditReviewReason === null ? 'stay' : 'minimum';
}

export type ReservationWindow = { locationId: number; checkIn: Date; checkOut: Date; rateCents: Cents };

export function reservationFit(reservation: ReservationWindow, ticket: { locationId: number; entry: Date }, until: Date): ReservationFit {
  if (reservation.locationId !== ticket.locationId) return 'DoesntApply';
  const grace = RESERVATION_WINDOW_GRACE_MINUTES * MINUTE_MS;
  const inside = ticket.entry.getTime() >= reservation.checkIn.getTime() - grace && until.getTime() <= reservation.checkOut.getTime() + grace;
  return inside ? 'PaidInFull' : 'OutsideOfReservationWindow';
}

export type TicketCharges = {
  amountCents: Cents;
  taxCents: Cents;
  serviceFeeCents: Cents;
  amountDueCents: Cents;
  amountPaidCents: Cents;
  /** What a redeemed reservation covers of the stay: shown as its own line, so the lines add up to what is due (decision 0110). */
  reservationCreditCents: Cents;
  /** A coupon brought a non-zero price to zero. */
  isFullyCoveredByCoupon: boolean;
  reservationFit: ReservationFit | undefined;
};

export function calculateTicketCharges(input: {
  price: TicketPrice;
  isMonthly: boolean;
  hasCoupon: boolean;
  amountPaidCents: Cents;
  reservation?: { fit: ReservationFit; rateCents: Cents } | undefined;
}): TicketCharges {
  const { price, amountPaidCents } = input;
  const base = { amountPaidCents, reservationFit: input.reservation?.fit };
  if (input.isMonthly) return { ...base, amountCents: 0, taxCents: 0, serviceFeeCents: 0, amountDueCents: 0, reservationCreditCents: 0, isFullyCoveredByCoupon: false };
  const isFullyCoveredByCoupon = input.hasCoupon && price.boardCents > 0 && price.amountCents === 0;
  let creditCents = 0;
  if (input.reservation?.fit === 'PaidInFull') creditCents = price.amountCents;
  else if (input.reservation?.fit === 'OutsideOfReservationWindow') creditCents = Math.min(price.amountCents, input.reservation.rateCents);
  const stayCents = price.amountCents - creditCents;
  const serviceFeeCents = stayCents > 0 ? price.serviceFeeCents : 0;
  return {
    ...base,
    amountCents: price.amountCents,
    taxCents: price.taxCents,
    serviceFeeCents,
    reservationCreditCents: creditCents,
    amountDueCents: Math.max(0, stayCents + serviceFeeCents - amountPaidCents),
    isFullyCoveredByCoupon,
  };
}
