import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../lib/errors';
import { couponFailure, parseDiscountCode } from './discount-code';

describe('Scan Discount codes', () => {
  it('reads a bare code or a link ending in one, normalised', () => {
    // A merchant validation code as the shop prints it (server/validations/codes.ts), and as a link.
    expect(parseDiscountCode('MV-7K2Q-X9AB-CD3E-F4GH')).toEqual({ ok: true, code: 'MV7K2QX9ABCD3EF4GH' });
    expect(parseDiscountCode(' save-5 ')).toEqual({ ok: true, code: 'SAVE5' });
    expect(parseDiscountCode('https://parkfair.example/promoredirect/mv-7k2q-x9ab-cd3e-f4gh')).toEqual({ ok: true, code: 'MV7K2QX9ABCD3EF4GH' });
    expect(parseDiscountCode('https://parkfair.example/promoredirect/SAVE%205/?utm=x#top')).toEqual({ ok: true, code: 'SAVE5' });
  });

  it('refuses what cannot be a coupon code, with the rule broken', () => {
    expect(parseDiscountCode('')).toEqual({ ok: false, message: 'The coupon code is empty.' });
    expect(parseDiscountCode('https://example.com/menu/lunch_specials')).toEqual({ ok: false, message: 'A coupon code has only letters and digits.' });
    expect(parseDiscountCode('A'.repeat(41))).toEqual({ ok: false, message: 'A coupon code has at most 40 characters.' });
    expect(parseDiscountCode('%E0%A4%A')).toEqual({ ok: false, message: 'A coupon code has only letters and digits.' });
  });

  it('shows the server message, else the spec fallback, offline the network alert', () => {
    expect(couponFailure(new ApiError(404, 'Coupon SUMMER26 has expired.'))).toEqual({ title: 'Error', message: 'Coupon SUMMER26 has expired.' });
    expect(couponFailure(new ApiError(500, 'boom')).message).toBe('We are sorry! Our system is unable to process your request at the moment. Please try again after few seconds.');
    expect(couponFailure(new Error('x')).message).toBe('We are sorry! Our system is unable to process your request at the moment. Please try again after few seconds.');
    expect(couponFailure(new NetworkError()).title).toBe('Network Problem');
    expect(couponFailure(new ApiError(400, 'Invalid param: couponCode: A coupon code has only letters and digits.')).message).toBe('We are sorry! Our system is unable to process your request at the moment. Please try again after few seconds.');
  });
});
