import { describe, expect, it } from 'vitest';
import { passesLuhn } from '../../src/contract/card-number.ts';
import { CARD_ERRORS, chargeErrorFor, checkCard, detectBrand, isExpired, setupErrorFor, TEST_CARDS } from './test-cards.ts';

const TODAY = '2026-11-23';
const card = (number: string, extra: Partial<{ expMonth: number; expYear: number; cvc: string }> = {}) =>
  checkCard({ number, expMonth: 12, expYear: 2030, cvc: number.startsWith('3') && number.length === 15 ? '1234' : '123', ...extra }, TODAY);

describe('passesLuhn', () => {
  it('accepts every published test number and rejects a changed digit', () => {
    for (const number of Object.keys(TEST_CARDS)) expect(passesLuhn(number), number).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('79927398713')).toBe(true);
    expect(passesLuhn('79927398710')).toBe(false);
    expect(passesLuhn('4242x')).toBe(false);
  });
});

describe('detectBrand', () => {
  it('reads the brand from the prefix', () => {
    expect(detectBrand('4242424242424242')).toBe('visa');
    expect(detectBrand('5555555555554444')).toBe('mastercard');
    expect(detectBrand('2223003122003222')).toBe('mastercard');
    expect(detectBrand('378282246310005')).toBe('amex');
    expect(detectBrand('6011111111111117')).toBe('discover');
    expect(detectBrand('3566002020360505')).toBe('jcb');
    expect(detectBrand('9999')).toBe('unknown');
  });
});

describe('checkCard', () => {
  it('tokenises the success cards with brand and last four only', () => {
    expect(card('4242 4242 4242 4242')).toEqual({ card: { digits: '4242424242424242', brand: 'visa', rule: 'success', last4: '4242' } });
    expect(card('5555555555554444')).toMatchObject({ card: { brand: 'mastercard', last4: '4444' } });
    expect(card('378282246310005')).toMatchObject({ card: { brand: 'amex', last4: '0005' } });
  });

  it('refuses incomplete, incorrect and real (non-test) numbers with Stripe texts', () => {
    expect(card('424242')).toEqual({ error: CARD_ERRORS.incompleteNumber });
    expect(card('4242424242424241')).toEqual({ error: CARD_ERRORS.incorrectNumber });
    // A Luhn-valid Visa that is not a test card: refused as Stripe's test mode refuses real cards.
    expect(card('4111111111111111')).toEqual({ error: CARD_ERRORS.nonTestCard });
  });

  it('checks expiry against the New York month and the CVC length of the brand', () => {
    expect(card('4242424242424242', { expMonth: 13 })).toEqual({ error: CARD_ERRORS.invalidExpiryMonth });
    expect(card('4242424242424242', { expYear: 2025 })).toEqual({ error: CARD_ERRORS.invalidExpiryYear });
    expect(card('4242424242424242', { expMonth: 10, expYear: 2026 })).toEqual({ error: CARD_ERRORS.invalidExpiryMonth });
    expect(card('4242424242424242', { expMonth: 11, expYear: 26 })).toMatchObject({ card: { last4: '4242' } });
    expect(card('4242424242424242', { cvc: '12' })).toEqual({ error: CARD_ERRORS.invalidCvc });
    expect(card('378282246310005', { cvc: '123' })).toEqual({ error: CARD_ERRORS.invalidCvc });
  });

  it('knows when a card has expired', () => {
    expect(isExpired(11, 2026, TODAY)).toBe(false);
    expect(isExpired(10, 2026, TODAY)).toBe(true);
  });
});

describe('test card outcomes', () => {
  it('declines as Stripe documents, at charge and (for card faults) at enrollment', () => {
    expect(chargeErrorFor('success')).toBeUndefined();
    expect(chargeErrorFor('declined')?.message).toBe('Your card was declined.');
    expect(chargeErrorFor('insufficient_funds')?.message).toBe('Your card has insufficient funds.');
    expect(chargeErrorFor('expired_card')?.message).toBe('Your card has expired.');
    expect(chargeErrorFor('incorrect_cvc')?.message).toBe("Your card's security code is incorrect.");
    expect(setupErrorFor('declined')?.message).toBe('Your card was declined.');
    expect(setupErrorFor('insufficient_funds')).toBeUndefined();
    expect(setupErrorFor('attach_then_decline')).toBeUndefined();
    expect(TEST_CARDS['4000000000000002']?.rule).toBe('declined');
    expect(TEST_CARDS['4000000000009995']?.rule).toBe('insufficient_funds');
    expect(TEST_CARDS['4000000000000069']?.rule).toBe('expired_card');
    expect(TEST_CARDS['4000000000000127']?.rule).toBe('incorrect_cvc');
  });
});
