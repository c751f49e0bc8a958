import { describe, expect, it } from 'vitest';
import { normalizeCouponCode } from '../../src/contract/promotions.ts';
import { describeDiscount, discountFor, type PromotionTerms, whyPromotionIsNotUsable } from './coupons.ts';

const WELCOME: PromotionTerms = {
  code: 'WELCOME10', appliesTo: 'DAILY', discountType: 'PERCENT', discountValue: 10_000,
  validFrom: new Date('2026-11-01T05:00:00Z'), validUntil: new Date('2027-01-01T05:00:00Z'), locationIds: null,
};

describe('coupon arithmetic', () => {
  it('10% off $32.00 is $3.20', () => expect(discountFor(WELCOME, 3200)).toBe(320));
  it('10% off $24.45 is $2.45 (2.445 rounds half up)', () => expect(discountFor(WELCOME, 2445)).toBe(245));
  it('$5.00 off $32.00 is $5.00', () => expect(discountFor({ discountType: 'FIXED', discountValue: 500 }, 3200)).toBe(500));
  it('$5.00 off $3.00 is capped at $3.00 (never below zero)', () => expect(discountFor({ discountType: 'FIXED', discountValue: 500 }, 300)).toBe(300));
  it('describes "10% off" and "$5.00 off"', () => {
    expect(describeDiscount(WELCOME)).toBe('10% off');
    expect(describeDiscount({ discountType: 'FIXED', discountValue: 500 })).toBe('$5.00 off');
  });
});

describe('coupon rules', () => {
  const now = new Date('2026-11-23T19:00:00Z');
  it('normalises " welcome-10 " to WELCOME10', () => expect(normalizeCouponCode(' welcome-10 ')).toBe('WELCOME10'));
  it('is usable inside its window', () => expect(whyPromotionIsNotUsable(WELCOME, { now, appliesTo: 'DAILY', locationId: 3 })).toBeUndefined());
  it('refuses before it starts and after it ends', () => {
    expect(whyPromotionIsNotUsable(WELCOME, { now: new Date('2026-10-01T00:00:00Z') })).toBe('The coupon code WELCOME10 is not valid until 11/01/2026.');
    expect(whyPromotionIsNotUsable(WELCOME, { now: new Date('2027-02-01T00:00:00Z') })).toBe('The coupon code WELCOME10 expired on 01/01/2027.');
  });
  it('refuses a daily code for monthly parking', () => {
    expect(whyPromotionIsNotUsable(WELCOME, { now, appliesTo: 'MONTHLY' })).toBe('The coupon code WELCOME10 can only be used for daily reservations.');
  });
  it('refuses a garage outside its list', () => {
    expect(whyPromotionIsNotUsable({ ...WELCOME, locationIds: [20, 21] }, { now, locationId: 3 })).toBe('The coupon code WELCOME10 is not valid at this location.');
  });
});
