import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { formatCents, pricedLines, pricedLinesSchema } from './priced-lines';
import { monthlyRateLines } from './priced-lines-quotes';

describe('priced lines (decision 0110)', () => {
  it('the total is the sum of the lines; a promotion is a line off and a zero one is left out', () => {
    // Issue 38 item 5: "$411.40 − $50 + $29.59 = $440.99" cannot be built: the total is computed.
    const priced = pricedLines([
      { label: 'First month (prorated)', amountCents: 39_000, kind: 'charge' },
      { label: 'Promo code MONTHLY50', amountCents: 5_000, kind: 'discount' },
      { label: 'Credit', amountCents: 0, kind: 'credit' },
      { label: 'Service fee (one time)', amountCents: 2_500, kind: 'fee' },
      { label: 'Tax (18.375%)', amountCents: 6_708, kind: 'tax' },
    ]);
    expect(priced.lines.map((line) => line.amountCents)).toEqual([39_000, -5_000, 2_500, 6_708]);
    expect(priced.totalCents).toBe(43_208);
    expect(() => pricedLines([{ label: 'Parking', amountCents: 10.5, kind: 'charge' }])).toThrow();
  });

  it('on the wire, a total that is not the sum of its lines is refused', () => {
    const lines = [{ label: 'Parking', amountCents: 41_140, kind: 'charge' as const }, { label: 'Promo', amountCents: -5_000, kind: 'discount' as const }];
    expect(v.safeParse(pricedLinesSchema, { lines, totalCents: 36_140 }).success).toBe(true);
    expect(v.safeParse(pricedLinesSchema, { lines, totalCents: 41_140 }).success).toBe(false);
  });

  it('formats whole dollars bare, cents otherwise, a line off with a minus', () => {
    expect([formatCents(2500), formatCents(85_822), formatCents(-5000), formatCents(123_456_7)]).toEqual(['$25', '$858.22', '−$50', '$12,345.67']);
  });

  it('a monthly rate lists as the month with its tax, never with the one-time fee', () => {
    const rate = { rate: 725, rateWithTax: 858.22, oversizeRate: 825, oversizeRateWithTax: 976.59 };
    expect(monthlyRateLines(rate, false)).toEqual({ lines: [{ label: 'Monthly rate', amountCents: 72_500, kind: 'charge' }, { label: 'Tax', amountCents: 13_322, kind: 'tax' }], totalCents: 85_822 });
    expect(monthlyRateLines(rate, true).totalCents).toBe(97_659);
    expect(monthlyRateLines({ ...rate, oversizeRateWithTax: 0 }, true).totalCents).toBe(85_822);
  });
});
