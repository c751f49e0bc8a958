import { describe, expect, it } from 'vitest';
import {
  CARD_MESSAGES, cardErrorText, formatAmount, formatCardNumber, formatExpiry, parseExpiry, passesLuhn, payButtonLabel, paymentFailureText,
  validateCardForm, withErrorPrefix,
} from './card-validation';

const NOW = new Date(2026, 10, 23);
const valid = { name: 'Ann Driver', zip: '10001', number: '4242 4242 4242 4242', expiry: '12 / 28', cvc: '123' };

describe('card form rules', () => {
  it('accepts a complete card and returns its details', () => {
    const { errors, details } = validateCardForm(valid, NOW);
    expect(errors).toEqual({});
    expect(details).toEqual({ name: 'Ann Driver', zip: '10001', number: '4242424242424242', cvc: '123', expMonth: 12, expYear: 2028 });
  });

  it('reports every field with the spec texts', () => {
    const { errors, details } = validateCardForm({ name: ' ', zip: '', number: '4242 4242', expiry: '13/20', cvc: '12' }, NOW);
    expect(details).toBeUndefined();
    expect(errors).toEqual({
      name: CARD_MESSAGES.nameRequired, zip: CARD_MESSAGES.zipRequired, number: CARD_MESSAGES.numberInvalid,
      expiry: CARD_MESSAGES.expiryInvalid, cvc: CARD_MESSAGES.cvcInvalid,
    });
    expect(CARD_MESSAGES.nameRequired).toBe('Name field is required');
  });

  it('checks Luhn, Amex CVC length and past expiry', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(validateCardForm({ ...valid, number: '378282246310005', cvc: '123' }, NOW).errors.cvc).toBe(CARD_MESSAGES.cvcInvalid);
    expect(validateCardForm({ ...valid, number: '378282246310005', cvc: '1234' }, NOW).errors).toEqual({});
    expect(parseExpiry('10/26', NOW)).toBeUndefined();
    expect(parseExpiry('11/26', NOW)).toEqual({ expMonth: 11, expYear: 2026 });
  });

  it('says an expired card is expired, and a malformed expiry is not valid', () => {
    expect(validateCardForm({ ...valid, expiry: '10 / 26' }, NOW).errors).toEqual({ expiry: 'Your card has expired.' });
    expect(validateCardForm({ ...valid, expiry: '01 / 2019' }, NOW).errors.expiry).toBe(CARD_MESSAGES.cardExpired);
    expect(validateCardForm({ ...valid, expiry: '11 / 26' }, NOW).errors).toEqual({});
    expect(validateCardForm({ ...valid, expiry: '13 / 20' }, NOW).errors.expiry).toBe(CARD_MESSAGES.expiryInvalid);
    expect(validateCardForm({ ...valid, expiry: '1 / 2' }, NOW).errors.expiry).toBe(CARD_MESSAGES.expiryInvalid);
  });

  it('formats inputs and labels', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatExpiry('1228')).toBe('12 / 28');
    expect(payButtonLabel(1234.5)).toBe('Pay $1,234.50');
    expect(withErrorPrefix('CVC field is not valid')).toBe('Error: CVC field is not valid');
  });

  it('maps processor failures to the spec texts', () => {
    expect(cardErrorText('incomplete_number', 'x')).toBe('Error: Your credit card number is incomplete.');
    expect(cardErrorText('card_declined', 'Your card was declined.')).toBe('Error: Your card was declined.');
    expect(cardErrorText(undefined, '')).toBe('Error: Your Credit Card details are invalid.');
    expect(paymentFailureText(null)).toBe('We are not able to process your Credit Card. Please use a different payment method.');
    expect(paymentFailureText('Your card has insufficient funds.')).toBe('Your card has insufficient funds.');
  });

  it('formats amounts like en-US toLocaleString with two decimals, without Intl', () => {
    const intl = (amount: number) => amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const amounts = [0, 0.005, 0.015, 1.005, 2.675, 9.99, 12.5, 999.995, 1234, 1234.567, 98765.43, 1_000_000, 12_345_678.9, -7.25, -1234.5];
    for (let cents = 0; cents < 200_000; cents += 37) amounts.push(cents / 100, cents / 100 + 0.005);
    expect(amounts.filter((amount) => formatAmount(amount) !== intl(amount))).toEqual([]);
    expect(formatAmount(1234.5)).toBe('1,234.50');
    expect(payButtonLabel(12)).toBe('Pay $12.00');
  });
});
