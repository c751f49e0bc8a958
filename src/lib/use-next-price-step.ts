/**
 * The next price step of a parked ticket as a line of text, from the garage's saved rate board,
 * re-read every second on the device clock (it counts down and steps on offline). Undefined while
 * the board is not on the device, for a paid or monthly ticket, or when the board's price of the
 * stay is not what the garage charged (next-price-step.ts `nextPriceStepFor`).
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { newYorkTime } from './new-york-time';
import { nextPriceStepFor, priceStepText } from '../contract/next-price-step';
import { dueStep } from '../contract/priced-lines-quotes';
import { rateBoardQueryOptions } from './rate-board-api';

/**
 * Whether the garage's board prices a ticket's stay as time goes on: open and unpaid, not a
 * monthly ticket, and not charged the minimum rate (an audit review or a park-and-pay entry the
 * lot did not see, spec 3 §4: that price stays whatever the time, so a "then $…" would be false).
 */
export function isPricedByBoard(ticket: { status: string; amountPaid: number; isMonthly: boolean; isMinimumCharge?: boolean | undefined }): boolean {
  return ticket.status === 'open' && ticket.amountPaid === 0 && !ticket.isMonthly && ticket.isMinimumCharge !== true;
}

export type PricedStay = {
  locationId: number | undefined;
  entryTimeUtc: string | undefined;
  minutes: number;
  /** The ticket's amount plus its service fee, in dollars, as the garage priced it. */
  charged: number;
  /** False for tickets the board does not price (paid, monthly). */
  isPricedByBoard: boolean;
  /**
   * The amount due beside the line, in dollars. Less than `charged` when a reservation's credit
   * covers part of the stay: the line then speaks of what is due, as the total above it does
   * (decision 0110; an expired reservation read "Amount due $21.19" beside "$39.19 if you leave by").
   */
  due?: number | undefined;
};

export function useNextPriceStep(stay: PricedStay | undefined): string | undefined {
  const isEnabled = Boolean(stay?.isPricedByBoard && stay.locationId && stay.entryTimeUtc);
  const board = useQuery({ ...rateBoardQueryOptions(stay?.locationId ?? 0), enabled: isEnabled });
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!isEnabled) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [isEnabled]);
  const pricing = board.data?.pricing;
  if (!isEnabled || !stay?.entryTimeUtc || !pricing) return undefined;
  const chargedCents = Math.round(stay.charged * 100);
  const step = nextPriceStepFor(pricing, { entry: Date.parse(stay.entryTimeUtc), minutesAtFetch: stay.minutes, chargedCents }, now);
  const coveredCents = stay.due === undefined ? 0 : Math.max(0, chargedCents - Math.round(stay.due * 100));
  return step && priceStepText(dueStep(step, coveredCents), now, newYorkTime);
}
