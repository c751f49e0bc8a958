import { describe, expect, it } from 'vitest';
import { passesLuhn } from './card-number.ts';

describe('passesLuhn', () => {
  it('accepts Stripe test numbers 4242424242424242 and 378282246310005', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('378282246310005')).toBe(true);
  });
  it('refuses a changed last digit, an empty string and non-digits', () => {
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('')).toBe(false);
    expect(passesLuhn('4242 4242 4242 4242')).toBe(false);
  });
});
