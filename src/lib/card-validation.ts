/**
 * The new-card form's rules and texts (spec 2 §5 "Card", §8; spec 3 §5, §8, §9), pure so they are
 * unit-tested: Name and ZIP required, number/expiry/CVC complete and valid, the "Error: " prefix,
 * the "Pay $" label, and the failure texts shown after the processor answered.
 */
import { passesLuhn as passesDigitsLuhn } from '../contract/card-number.ts';

export const CARD_MESSAGES = {
  nameRequired: 'Name field is required',
  zipRequired: 'ZIP Code field is required',
  numberInvalid: 'Credit Card Number field is not valid',
  expiryInvalid: 'Expiry Date field is not valid',
  cvcInvalid: 'CVC field is not valid',
  /** A well-formed expiry in the past: the processor's own wording (Stripe's expired_card). */
  cardExpired: 'Your card has expired.',
  numberIncomplete: 'Your credit card number is incomplete.',
  detailsInvalid: 'Your Credit Card details are invalid.',
  paymentFailed: 'We are not able to process your Credit Card. Please use a different payment method.',
  paymentFormMissing: 'Unable to load payment details',
  saveCardLabel: 'Save card information for future purchases.',
} as const;

/** Form validation messages display prefixed with "Error: " (spec 2 §5, spec 3 §5). */
export const withErrorPrefix = (message: string): string => (message.startsWith('Error: ') ? message : `Error: ${message}`);

export type CardFormValues = { name: string; zip: string; number: string; expiry: string; cvc: string };
export type CardField = keyof CardFormValues;
export type CardFormErrors = Partial<Record<CardField, string>>;
export type CardDetails = { name: string; zip: string; number: string; expMonth: number; expYear: number; cvc: string };

export const digitsOnly = (value: string): string => value.replace(/\D/g, '');

export function isAmexNumber(number: string): boolean {
  return /^3[47]/.test(digitsOnly(number));
}

/** Luhn checksum over the digits of a card number (spaces and dashes ignored). */
export function passesLuhn(number: string): boolean {
  return passesDigitsLuhn(digitsOnly(number));
}

export function isCardNumberComplete(number: string): boolean {
  const digits = digitsOnly(number);
  return isAmexNumber(digits) ? digits.length === 15 : digits.length >= 14 && digits.length <= 19;
}

/** "4242424242424242" → "4242 4242 4242 4242"; Amex groups 4-6-5. */
export function formatCardNumber(input: string): string {
  const digits = digitsOnly(input).slice(0, 19);
  if (isAmexNumber(digits)) return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)].filter(Boolean).join(' ');
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Typing "1228" shows "12 / 28". */
export function formatExpiry(input: string): string {
  const digits = digitsOnly(input).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/** MM/YY (or MM/YYYY) not before the current month; `now` is the device clock. */
export function parseExpiry(input: string, now: Date): { expMonth: number; expYear: number } | undefined {
  const digits = digitsOnly(input);
  if (digits.length !== 4 && digits.length !== 6) return undefined;
  const expMonth = Number(digits.slice(0, 2));
  const yearDigits = digits.slice(2);
  const expYear = yearDigits.length === 2 ? 2000 + Number(yearDigits) : Number(yearDigits);
  if (expMonth < 1 || expMonth > 12) return undefined;
  const current = now.getFullYear() * 12 + now.getMonth();
  const expires = expYear * 12 + (expMonth - 1);
  if (expires < current || expires > current + 12 * 20) return undefined;
  return { expMonth, expYear };
}

/** A complete MM/YY whose month has ended: said as expired, not as "not valid". */
export function isExpiryPast(input: string, now: Date): boolean {
  const digits = digitsOnly(input);
  if (digits.length !== 4 && digits.length !== 6) return false;
  const expMonth = Number(digits.slice(0, 2));
  const yearDigits = digits.slice(2);
  const expYear = yearDigits.length === 2 ? 2000 + Number(yearDigits) : Number(yearDigits);
  if (expMonth < 1 || expMonth > 12) return false;
  return expYear * 12 + (expMonth - 1) < now.getFullYear() * 12 + now.getMonth();
}

export function validateCardForm(values: CardFormValues, now: Date): { errors: CardFormErrors; details?: CardDetails } {
  const errors: CardFormErrors = {};
  if (!values.name.trim()) errors.name = CARD_MESSAGES.nameRequired;
  if (!values.zip.trim()) errors.zip = CARD_MESSAGES.zipRequired;
  const number = digitsOnly(values.number);
  if (!isCardNumberComplete(number) || !passesLuhn(number)) errors.number = CARD_MESSAGES.numberInvalid;
  const expiry = parseExpiry(values.expiry, now);
  if (!expiry) errors.expiry = isExpiryPast(values.expiry, now) ? CARD_MESSAGES.cardExpired : CARD_MESSAGES.expiryInvalid;
  const cvc = digitsOnly(values.cvc);
  const cvcLength = isAmexNumber(number) ? 4 : 3;
  if (cvc.length !== cvcLength || cvc !== values.cvc.trim()) errors.cvc = CARD_MESSAGES.cvcInvalid;
  if (Object.keys(errors).length > 0 || !expiry) return { errors };
  return { errors, details: { name: values.name.trim(), zip: values.zip.trim(), number, cvc, ...expiry } };
}

/**
 * "$1,234.50"-style amount without the dollar sign: always two decimals. Without Intl: the first
 * Intl call of a page loads ICU's locale data, ~70 ms on the session screen's first render at 4×
 * CPU, in front of the exit pass. Rounds half away from zero on the number's shortest decimal
 * form ("1.005" → 1.01) as toLocaleString does (toFixed would round the binary value: 1.00).
 */
export function formatAmount(amount: number): string {
  if (!Number.isFinite(amount) || Math.abs(amount) >= 1e15) return amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const [whole = '0', fraction = ''] = (Math.abs(amount) < 1e-6 ? '0' : String(Math.abs(amount))).split('.');
  const cents = Number(whole + fraction.padEnd(2, '0').slice(0, 2)) + (Number(fraction[2] ?? '0') >= 5 ? 1 : 0);
  const digits = String(cents).padStart(3, '0');
  const sign = amount < 0 && cents > 0 ? '-' : '';
  return `${sign}${digits.slice(0, -2).replace(/\B(?=(\d{3})+$)/g, ',')}.${digits.slice(-2)}`;
}

/** Spec 3 §9: the Pay button reads "Pay $" plus the formatted amount. */
export const payButtonLabel = (amount: number): string => `Pay $${formatAmount(amount)}`;

/** Spec 2 §8 card errors (the processor refused the card while tokenising or confirming). */
export function cardErrorText(code: string | undefined, message: string | undefined): string {
  if (code === 'incomplete_number') return withErrorPrefix(CARD_MESSAGES.numberIncomplete);
  return withErrorPrefix(message?.trim() || CARD_MESSAGES.detailsInvalid);
}

/** Spec 2 §8 / spec 3 §8 payment failure: the provider's message, otherwise the fixed text. */
export function paymentFailureText(providerMessage: string | null | undefined): string {
  return providerMessage?.trim() || CARD_MESSAGES.paymentFailed;
}
