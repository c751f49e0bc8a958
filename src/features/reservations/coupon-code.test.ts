import { describe, expect, it } from 'vitest';
import { COUPON_MAX_LENGTH, normalizeCouponCode } from './coupon-code';

describe('normalizeCouponCode (spec 2 §5)', () => {
  it('upper-cases and strips spaces and hyphens', () => {
    expect(normalizeCouponCode(' welcome-10 ')).toBe('WELCOME10');
    expect(normalizeCouponCode('sa ve\t5')).toBe('SAVE5');
  });
  it('keeps at most 40 characters and an empty code empty', () => {
    expect(normalizeCouponCode('a'.repeat(60))).toHaveLength(COUPON_MAX_LENGTH);
    expect(normalizeCouponCode(' - ')).toBe('');
  });
});
