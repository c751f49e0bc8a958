import { describe, expect, it } from 'vitest';
import { isDeveloperMessage, readTypedCoupon } from './promotions';

describe('readTypedCoupon (issue 38 item 11: the driver never reads the boundary message)', () => {
  it('normalises a code it can send', () => {
    expect(readTypedCoupon(' welcome-10 ')).toEqual({ kind: 'code', code: 'WELCOME10' });
    expect(readTypedCoupon('save 5')).toEqual({ kind: 'code', code: 'SAVE5' });
    expect(readTypedCoupon('A'.repeat(40))).toEqual({ kind: 'code', code: 'A'.repeat(40) });
  });
  it('only focuses for an empty code', () => {
    expect(readTypedCoupon(' - ')).toEqual({ kind: 'empty' });
  });
  it('refuses a code that can be no coupon, in words a driver reads', () => {
    expect(readTypedCoupon('NOPE!!')).toEqual({ kind: 'invalid', message: 'The coupon code NOPE!! is not valid.' });
    expect(readTypedCoupon('A'.repeat(41))).toEqual({ kind: 'invalid', message: 'A coupon code has at most 40 characters.' });
  });
});

describe('isDeveloperMessage', () => {
  it('spots the boundary 400s of server/lib/validate.ts', () => {
    expect(isDeveloperMessage('Invalid param: couponCode: A coupon code has only letters and digits.')).toBe(true);
    expect(isDeveloperMessage('Invalid request body: code: A coupon code has only letters and digits.')).toBe(true);
    expect(isDeveloperMessage('The coupon code NOPE is not valid.')).toBe(false);
  });
});
