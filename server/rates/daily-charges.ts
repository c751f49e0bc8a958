/**
 * What a priced stay costs the driver: the rate (less any coupon), its tax by jurisdiction, the
 * online service fee, and the same for an oversized vehicle. Oversize is priced on the board's
 * policy: a surcharge per started 24 hours, or a percentage on the rate. `oversizeSurcharge` is
 * reported as the with-tax difference, so the "+$ amount" the client shows matches its totals.
 */
import { discountFor, type PromotionTerms } from './coupons.ts';
import { MINUTES_PER_DAY } from './local-time.ts';
import { type Cents, percentOf } from './money.ts';
import type { OversizePolicy } from './rate-card.ts';
import { calculateTax, type TaxContext, type TaxLineCents } from './taxes.ts';

export type DailyCharges = {
  rateCents: Cents;
  discountCents: Cents;
  taxLines: TaxLineCents[];
  taxCents: Cents;
  taxRateThousandths: number;
  rateWithTaxCents: Cents;
  serviceFeeCents: Cents;
  oversizeRateCents: Cents;
  oversizeSurchargeCents: Cents;
  oversizedServiceFeeCents: Cents;
  noOversized: boolean;
};

export type ChargeInput = {
  boardCents: Cents;
  durationMinutes: number;
  oversize: OversizePolicy;
  locationAcceptsOversized: boolean;
  serviceFeeCents: Cents;
  tax: TaxContext;
  coupon?: Pick<PromotionTerms, 'discountType' | 'discountValue'> | undefined;
};

/** Pre-tax price of the stay for an oversized vehicle, before any coupon. */
export function oversizeBoardCents(policy: OversizePolicy, boardCents: Cents, durationMinutes: number): Cents {
  switch (policy.kind) {
    case 'surcharge':
      return boardCents + policy.centsPerDay * Math.max(1, Math.ceil(durationMinutes / MINUTES_PER_DAY));
    case 'percent':
      return boardCents + percentOf(boardCents, policy.percent * 1000);
    case 'not-accepted':
      return 0;
  }
}

export function calculateDailyCharges(input: ChargeInput): DailyCharges {
  const discountCents = input.coupon ? discountFor(input.coupon, input.boardCents) : 0;
  const rateCents = input.boardCents - discountCents;
  const tax = calculateTax(rateCents, input.tax);
  const rateWithTaxCents = rateCents + tax.totalCents;
  const noOversized = !input.locationAcceptsOversized || input.oversize.kind === 'not-accepted';
  let oversizeRateCents = 0;
  if (!noOversized) {
    const oversizeBoard = oversizeBoardCents(input.oversize, input.boardCents, input.durationMinutes);
    const oversizeRate = oversizeBoard - (input.coupon ? discountFor(input.coupon, oversizeBoard) : 0);
    oversizeRateCents = oversizeRate + calculateTax(oversizeRate, input.tax).totalCents;
  }
  return {
    rateCents,
    discountCents,
    taxLines: tax.lines,
    taxCents: tax.totalCents,
    taxRateThousandths: tax.rateThousandths,
    rateWithTaxCents,
    serviceFeeCents: input.serviceFeeCents,
    oversizeRateCents,
    oversizeSurchargeCents: noOversized ? 0 : oversizeRateCents - rateWithTaxCents,
    oversizedServiceFeeCents: noOversized ? 0 : input.serviceFeeCents,
    noOversized,
  };
}
