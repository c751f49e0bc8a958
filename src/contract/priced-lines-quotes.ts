/**
 * The priced lines of each thing the driver pays for (decision 0110), read from the API's money
 * fields. The server charges these totals (a daily reservation's amount is `dailyStayLines` of
 * its quote) and every screen renders these lines, so the figure on the list, the checkout, the
 * pass and the ticket is one number.
 *
 * - A daily stay: parking before the coupon, the coupon off, tax on what is left, the service fee.
 *   Oversized: the oversize rate with tax (the coupon already off it) and the oversized fee.
 * - A monthly rate as listed: the monthly rate and its tax, "/mo", what the card is charged on the
 *   1st of each month. The one-time service fee is part of the first payment, not of the month,
 *   so it is not in the monthly figure (the first payment's lines come from the server,
 *   `MonthlyCalculation.firstPayment`).
 * - A ticket: the parking, the service fee, a prepaid reservation's credit and what was paid;
 *   the total is the amount due.
 */
import type { PriceStep } from './next-price-step.ts';
import { pricedLines, toCents, type PricedLines } from './priced-lines.ts';
import type { DailyRate, MonthlyRate } from './rates.ts';

export type DailyPriced = Pick<DailyRate, 'price' | 'tax' | 'serviceFeeAmount' | 'oversizeRate' | 'oversizedServiceFeeAmount' | 'appliedPromotionCode' | 'discountAmount'>;

export function dailyStayLines(rate: DailyPriced, isOversized: boolean): PricedLines {
  const coupon = rate.appliedPromotionCode;
  if (isOversized) {
    return pricedLines([
      { label: coupon ? `Oversized parking with tax (coupon ${coupon} applied)` : 'Oversized parking with tax', amountCents: toCents(rate.oversizeRate), kind: 'charge' },
      { label: 'Service fee', amountCents: toCents(rate.oversizedServiceFeeAmount), kind: 'fee' },
    ]);
  }
  // `price` is after the coupon: the parking line is before it, and the coupon comes off beneath.
  return pricedLines([
    { label: 'Parking', amountCents: toCents(rate.price) + toCents(rate.discountAmount), kind: 'charge' },
    coupon ? { label: `Coupon ${coupon}`, amountCents: toCents(rate.discountAmount), kind: 'discount' } : null,
    { label: 'Tax', amountCents: toCents(rate.tax), kind: 'tax' },
    { label: 'Service fee', amountCents: toCents(rate.serviceFeeAmount), kind: 'fee' },
  ]);
}

export type MonthlyListed = Pick<MonthlyRate, 'rate' | 'rateWithTax' | 'oversizeRate' | 'oversizeRateWithTax'>;

/** The month as listed: for an oversized vehicle the oversize rate where the garage has one. */
export function monthlyRateLines(rate: MonthlyListed, isOversized: boolean): PricedLines {
  const useOversize = isOversized && rate.oversizeRateWithTax > 0;
  const before = toCents(useOversize ? rate.oversizeRate : rate.rate);
  const withTax = toCents(useOversize ? rate.oversizeRateWithTax : rate.rateWithTax);
  return pricedLines([
    { label: useOversize ? 'Monthly rate, oversized' : 'Monthly rate', amountCents: before, kind: 'charge' },
    { label: 'Tax', amountCents: withTax - before, kind: 'tax' },
  ]);
}

export type TicketPriced = {
  amount: number;
  serviceFeeAmount: number;
  amountPaid: number;
  amountDue: number;
  isMinimumCharge?: boolean | undefined;
  /** What a prepaid reservation covers (absent on copies saved before it was sent). */
  reservationCredit?: number | undefined;
  reservationNumber?: string | null | undefined;
};

/**
 * A ticket's lines, totalling its amount due. A copy saved before `reservationCredit` was sent
 * shows the covered part as one "Reservation credit" line, so its lines still add up.
 */
export function ticketLines(ticket: TicketPriced, labels: { parking: string } = { parking: 'Parking' }): PricedLines {
  const chargedCents = toCents(ticket.amount) + toCents(ticket.serviceFeeAmount);
  const paidCents = toCents(ticket.amountPaid);
  const creditCents = ticket.reservationCredit !== undefined
    ? toCents(ticket.reservationCredit)
    : Math.max(0, chargedCents - paidCents - toCents(ticket.amountDue));
  // Paid beyond what is owed (a price lowered after paying) shows as what it settled, never below 0 due.
  const settledCents = Math.min(paidCents, Math.max(0, chargedCents - creditCents));
  return pricedLines([
    { label: labels.parking, amountCents: toCents(ticket.amount), kind: 'charge' },
    { label: 'Service fee', amountCents: toCents(ticket.serviceFeeAmount), kind: 'fee' },
    { label: ticket.reservationNumber ? `Reservation ${ticket.reservationNumber} credit` : 'Reservation credit', amountCents: creditCents, kind: 'credit' },
    { label: 'Paid', amountCents: settledCents, kind: 'paid' },
  ]);
}

/**
 * A next price step in amounts due: what a reservation's credit (fixed once anything is due)
 * already covers comes off both prices, so "$21.19 if you leave by …" sits under "Amount due
 * $21.19", not the whole stay's $39.19.
 */
export function dueStep(step: PriceStep, coveredCents: number): PriceStep {
  return { ...step, nowCents: step.nowCents - coveredCents, thenCents: step.thenCents - coveredCents };
}
