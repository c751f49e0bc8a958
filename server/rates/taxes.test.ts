import { describe, expect, it } from 'vitest';
import { calculateTax, type TaxContext } from './taxes.ts';

const daily = (area: TaxContext['area'], extra: Partial<TaxContext> = {}): TaxContext => ({
  area, arenaZone: false, isEventRate: false, isResident: false, isTaxExempt: false, ...extra,
});

describe('taxes by jurisdiction', () => {
  it('Manhattan $28.00 early bird: tax 18.375% = $5.15 (10.375% $2.91 + 8% $2.24), total $33.15', () => {
    const tax = calculateTax(2800, daily('manhattan'));
    expect(tax.totalCents).toBe(515);
    expect(tax.rateThousandths).toBe(18_375);
    expect(tax.lines).toEqual([
      { name: 'NYC parking tax', rateThousandths: 10_375, cents: 291 },
      { name: 'Manhattan parking surcharge', rateThousandths: 8_000, cents: 224 },
    ]);
  });

  it('Manhattan resident monthly $450.00: 10.375% = $46.69 (no 8% surcharge)', () => {
    expect(calculateTax(45_000, daily('manhattan', { isResident: true })).totalCents).toBe(4669);
  });

  it('Brooklyn $20.00: 10.375% = $2.08 (2.075 rounds up), total $22.08', () => {
    expect(calculateTax(2000, daily('brooklyn')).totalCents).toBe(208);
  });

  it('Jersey City $16.00: 15% $2.40 + 3.5% non-resident $0.56 = $2.96', () => {
    const tax = calculateTax(1600, daily('jersey-city'));
    expect(tax.totalCents).toBe(296);
    expect(tax.lines.map((line) => line.cents)).toEqual([240, 56]);
  });

  it('Newark $12.00 outside events: 15% + 3.5% = 18.5% = $2.22', () => {
    expect(calculateTax(1200, daily('newark', { arenaZone: true })).totalCents).toBe(222);
  });

  it('Newark arena zone $40.00 event rate: 15% $6.00 + 7% event surcharge $2.80 (replaces the 3.5%) = $8.80', () => {
    const tax = calculateTax(4000, daily('newark', { arenaZone: true, isEventRate: true }));
    expect(tax.lines.map((line) => [line.name, line.cents])).toEqual([['Municipal parking tax', 600], ['Newark arena event surcharge', 280]]);
  });

  it('Newark outside the arena zone, event rate: still 18.5% ($40.00 → $7.40)', () => {
    expect(calculateTax(4000, daily('newark', { isEventRate: true })).totalCents).toBe(740);
  });

  it('Secaucus $15.00: NJ sales tax 6.625% = $0.99 (0.99375 rounds down)', () => {
    expect(calculateTax(1500, daily('secaucus')).totalCents).toBe(99);
  });

  it('tax exempt: $300.00 has no tax', () => {
    expect(calculateTax(30_000, daily('manhattan', { isTaxExempt: true }))).toEqual({ lines: [], totalCents: 0, rateThousandths: 0 });
  });
});
