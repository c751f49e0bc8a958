/**
 * The card rules of the built-in test processor, following Stripe's test mode
 * (https://docs.stripe.com/testing): only the published test numbers are accepted, each with a
 * fixed outcome. Any other number, a real card included, is refused exactly as Stripe refuses a
 * real card in test mode, so this processor can never take a real payment.
 *
 * Setup (card enrollment) runs a zero-amount check: cards that decline for the card itself
 * (declined, expired, wrong CVC, lost, stolen, processing error) fail it; "insufficient funds" and
 * 4000000000000341 pass it and decline only when charged, which is how a saved card fails later.
 */
import { passesLuhn } from '../../src/contract/card-number.ts';

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unionpay' | 'unknown';

export type CardError = { code: string; declineCode?: string; message: string };

export const CARD_ERRORS = {
  cardDeclined: { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' },
  insufficientFunds: { code: 'card_declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  lostCard: { code: 'card_declined', declineCode: 'lost_card', message: 'Your card was declined.' },
  stolenCard: { code: 'card_declined', declineCode: 'stolen_card', message: 'Your card was declined.' },
  expiredCard: { code: 'expired_card', message: 'Your card has expired.' },
  incorrectCvc: { code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
  processingError: { code: 'processing_error', message: 'An error occurred while processing your card. Try again in a little bit.' },
  incompleteNumber: { code: 'incomplete_number', message: 'Your card number is incomplete.' },
  incorrectNumber: { code: 'incorrect_number', message: 'Your card number is incorrect.' },
  nonTestCard: {
    code: 'card_declined',
    declineCode: 'test_mode_live_card',
    message: 'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
  },
  invalidExpiryMonth: { code: 'invalid_expiry_month', message: "Your card's expiration month is invalid." },
  invalidExpiryYear: { code: 'invalid_expiry_year', message: "Your card's expiration year is invalid." },
  invalidCvc: { code: 'invalid_cvc', message: "Your card's security code is invalid." },
} as const satisfies Record<string, CardError>;

export type CardRule = keyof typeof RULES;

/** What happens to a test card at enrollment (setup) and when charged. */
const RULES = {
  success: { setup: undefined, charge: undefined },
  declined: { setup: CARD_ERRORS.cardDeclined, charge: CARD_ERRORS.cardDeclined },
  insufficient_funds: { setup: undefined, charge: CARD_ERRORS.insufficientFunds },
  lost_card: { setup: CARD_ERRORS.lostCard, charge: CARD_ERRORS.lostCard },
  stolen_card: { setup: CARD_ERRORS.stolenCard, charge: CARD_ERRORS.stolenCard },
  expired_card: { setup: CARD_ERRORS.expiredCard, charge: CARD_ERRORS.expiredCard },
  incorrect_cvc: { setup: CARD_ERRORS.incorrectCvc, charge: CARD_ERRORS.incorrectCvc },
  processing_error: { setup: CARD_ERRORS.processingError, charge: CARD_ERRORS.processingError },
  attach_then_decline: { setup: undefined, charge: CARD_ERRORS.cardDeclined },
} as const satisfies Record<string, { setup: CardError | undefined; charge: CardError | undefined }>;

export const TEST_CARDS: Readonly<Record<string, { brand: CardBrand; rule: CardRule }>> = {
  '4242424242424242': { brand: 'visa', rule: 'success' },
  '4000056655665556': { brand: 'visa', rule: 'success' },
  '5555555555554444': { brand: 'mastercard', rule: 'success' },
  '2223003122003222': { brand: 'mastercard', rule: 'success' },
  '5200828282828210': { brand: 'mastercard', rule: 'success' },
  '378282246310005': { brand: 'amex', rule: 'success' },
  '371449635398431': { brand: 'amex', rule: 'success' },
  '6011111111111117': { brand: 'discover', rule: 'success' },
  '3056930009020004': { brand: 'diners', rule: 'success' },
  '36227206271667': { brand: 'diners', rule: 'success' },
  '3566002020360505': { brand: 'jcb', rule: 'success' },
  '6200000000000005': { brand: 'unionpay', rule: 'success' },
  '4000000000000002': { brand: 'visa', rule: 'declined' },
  '4000000000009995': { brand: 'visa', rule: 'insufficient_funds' },
  '4000000000009987': { brand: 'visa', rule: 'lost_card' },
  '4000000000009979': { brand: 'visa', rule: 'stolen_card' },
  '4000000000000069': { brand: 'visa', rule: 'expired_card' },
  '4000000000000127': { brand: 'visa', rule: 'incorrect_cvc' },
  '4000000000000119': { brand: 'visa', rule: 'processing_error' },
  '4000000000000341': { brand: 'visa', rule: 'attach_then_decline' },
};

export function setupErrorFor(rule: CardRule): CardError | undefined {
  return RULES[rule].setup;
}

export function chargeErrorFor(rule: CardRule): CardError | undefined {
  return RULES[rule].charge;
}

export function isCardRule(value: string): value is CardRule {
  return value in RULES;
}

/** Brand from the number's prefix (IIN ranges), as the card form shows it while typing. */
export function detectBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (/^(36|30[0-5]|38|39)/.test(digits)) return 'diners';
  if (/^35(2[89]|[3-8]\d)/.test(digits)) return 'jcb';
  if (/^62/.test(digits)) return 'unionpay';
  return 'unknown';
}

const LENGTHS: Record<CardBrand, readonly number[]> = {
  visa: [13, 16, 19], mastercard: [16], amex: [15], discover: [16, 19], diners: [14, 16, 19],
  jcb: [16, 17, 18, 19], unionpay: [16, 17, 18, 19], unknown: [12, 13, 14, 15, 16, 17, 18, 19],
};

export type CardInput = { number: string; expMonth: number; expYear: number; cvc: string };
export type CheckedCard = { digits: string; brand: CardBrand; rule: CardRule; last4: string };

/**
 * Every check of card tokenisation, in Stripe's order: number complete and valid, a test number,
 * expiry month and year (not past, at most 20 years ahead), CVC length for the brand.
 * `today` is YYYY-MM-DD (New York).
 */
export function checkCard(input: CardInput, today: string): { card: CheckedCard } | { error: CardError } {
  const digits = input.number.replace(/[\s-]/g, '');
  if (!/^\d*$/.test(digits)) return { error: CARD_ERRORS.incorrectNumber };
  const brand = detectBrand(digits);
  const minLength = Math.min(...LENGTHS[brand]);
  if (digits.length < minLength) return { error: CARD_ERRORS.incompleteNumber };
  if (!LENGTHS[brand].includes(digits.length) || !passesLuhn(digits)) return { error: CARD_ERRORS.incorrectNumber };
  const testCard = TEST_CARDS[digits];
  if (!testCard) return { error: CARD_ERRORS.nonTestCard };

  const year = input.expYear < 100 ? 2000 + input.expYear : input.expYear;
  const [currentYear, currentMonth] = today.split('-').map(Number) as [number, number];
  if (!Number.isInteger(input.expMonth) || input.expMonth < 1 || input.expMonth > 12) return { error: CARD_ERRORS.invalidExpiryMonth };
  if (!Number.isInteger(year) || year < currentYear || year > currentYear + 20) return { error: CARD_ERRORS.invalidExpiryYear };
  if (year === currentYear && input.expMonth < currentMonth) return { error: CARD_ERRORS.invalidExpiryMonth };

  const cvcLength = testCard.brand === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(input.cvc)) return { error: CARD_ERRORS.invalidCvc };
  return { card: { digits, brand: testCard.brand, rule: testCard.rule, last4: digits.slice(-4) } };
}

/** A card is good through the last day of its expiry month. */
export function isExpired(expMonth: number, expYear: number, today: string): boolean {
  const [currentYear, currentMonth] = today.split('-').map(Number) as [number, number];
  return expYear < currentYear || (expYear === currentYear && expMonth < currentMonth);
}
