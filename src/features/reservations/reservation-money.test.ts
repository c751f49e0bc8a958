import { describe, expect, it } from 'vitest';
import { canChooseOversized, formatPrice, totalCents } from './reservation-money';

describe('reservation money (spec 1 §5)', () => {
  it('shows whole dollars without cents and others with two decimals', () => {
    expect([formatPrice(28), formatPrice(28.41), formatPrice(2.5), formatPrice(-3)]).toEqual(['$28', '$28.41', '$2.50', '-$3']);
  });
  it('totals rate with tax plus service fee, or the oversize rate plus its fee', () => {
    const rate = { price: 24, tax: 4.41, serviceFeeAmount: 2.49, oversizeRate: 46.17, oversizedServiceFeeAmount: 2.49, appliedPromotionCode: null, discountAmount: 0 };
    expect(totalCents(rate, false)).toBe(3090);
    expect(totalCents(rate, true)).toBe(4866);
    // A coupon is a line of its own beneath the parking, and the total is after it.
    expect(totalCents({ ...rate, price: 19, tax: 3.49, appliedPromotionCode: 'FIVE', discountAmount: 5 }, false)).toBe(1900 + 349 + 249);
  });
  it('offers oversized only where accepted and with a surcharge above 0', () => {
    expect(canChooseOversized({ noOversized: false, oversizeSurcharge: 17.76 }, true)).toBe(true);
    expect(canChooseOversized({ noOversized: false, oversizeSurcharge: 0 }, true)).toBe(false);
    expect(canChooseOversized({ noOversized: true, oversizeSurcharge: 10 }, true)).toBe(false);
    expect(canChooseOversized({ noOversized: false, oversizeSurcharge: 10 }, false)).toBe(false);
  });
});
