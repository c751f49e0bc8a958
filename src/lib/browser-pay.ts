/**
 * Browser pay (spec 3 §4 payment method "browser-pay"; §7: "a payment-request button handles
 * browser pay in USD, country US, with the amount in cents (multiplied by 100 and rounded)"), the
 * one module that touches the W3C Payment Request API.
 *
 * The request is built in Stripe's payment-request shape (country, currency, total in cents), the
 * form the spec describes, and handed to the browser as a native PaymentRequest. The browser
 * answers basic-card style details (number, expiry, CVC, name, billing ZIP); with the built-in
 * test processor these are tokenised and paid through the same initialize → confirm → poll path
 * as a typed card (src/lib/card-payment-flow.ts), so browser pay is as idempotent as any card.
 * Where the browser offers nothing (`PaymentRequest` missing or `canMakePayment()` false, as in
 * Chromium without a payment app) the option is simply not shown.
 */
import type { CardDetails } from './card-validation';

/** Stripe's payment-request options: amounts in cents. */
export type BrowserPayRequest = { country: 'US'; currency: 'usd'; total: { label: string; amount: number } };

export type PaymentRequestConstructor = new (methods: PaymentMethodData[], details: PaymentDetailsInit) => PaymentRequest;

/** Card networks the test processor knows (server/payments/test-cards.ts). */
export const BROWSER_PAY_METHODS: PaymentMethodData[] = [
  { supportedMethods: 'basic-card', data: { supportedNetworks: ['visa', 'mastercard', 'amex', 'discover', 'diners', 'jcb', 'unionpay'] } },
];

/** The request for `dollars`: USD, country US, amount = dollars × 100, rounded. */
export function buildBrowserPayRequest(dollars: number, label: string): BrowserPayRequest {
  return { country: 'US', currency: 'usd', total: { label, amount: Math.round(dollars * 100) } };
}

/** The same request as the native API wants it (a decimal string in USD). */
export function toPaymentDetails(request: BrowserPayRequest): PaymentDetailsInit {
  return { total: { label: request.total.label, amount: { currency: 'USD', value: (request.total.amount / 100).toFixed(2) } } };
}

function paymentRequestConstructor(): PaymentRequestConstructor | undefined {
  return typeof globalThis.PaymentRequest === 'function' ? globalThis.PaymentRequest : undefined;
}

/** True only when the browser has the API and says it can pay (never throws). */
export async function isBrowserPayAvailable(Request: PaymentRequestConstructor | undefined = paymentRequestConstructor()): Promise<boolean> {
  if (!Request) return false;
  try {
    const probe = new Request(BROWSER_PAY_METHODS, toPaymentDetails(buildBrowserPayRequest(1, 'ParkFair')));
    return (await probe.canMakePayment?.()) === true;
  } catch {
    return false;
  }
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** basic-card response details → the card the test processor tokenises; undefined when incomplete. */
export function readBasicCardDetails(details: unknown): CardDetails | undefined {
  if (typeof details !== 'object' || details === null) return undefined;
  const card = details as Record<string, unknown>;
  const address = (typeof card['billingAddress'] === 'object' && card['billingAddress'] !== null ? card['billingAddress'] : {}) as Record<string, unknown>;
  const number = text(card['cardNumber']).replace(/\D/g, '');
  const expMonth = Number(text(card['expiryMonth']));
  const year = Number(text(card['expiryYear']));
  const expYear = year < 100 ? 2000 + year : year;
  const cvc = text(card['cardSecurityCode']);
  if (!number || !Number.isInteger(expMonth) || expMonth < 1 || expMonth > 12 || !Number.isInteger(expYear) || !cvc) return undefined;
  return { number, expMonth, expYear, cvc, name: text(card['cardholderName']), zip: text(address['postalCode']) };
}

export type BrowserCard = { details: CardDetails; complete: (result: 'success' | 'fail') => Promise<void> };

/**
 * Shows the browser's payment sheet. Undefined when the driver closes it; the caller pays with the
 * card and then calls `complete` so the sheet closes with the outcome.
 */
export async function requestBrowserCard(request: BrowserPayRequest, Request: PaymentRequestConstructor | undefined = paymentRequestConstructor()): Promise<BrowserCard | undefined> {
  if (!Request) return undefined;
  let response: PaymentResponse;
  try {
    response = await new Request(BROWSER_PAY_METHODS, toPaymentDetails(request)).show();
  } catch (error: unknown) {
    if (error instanceof DOMException && error.name === 'AbortError') return undefined;
    throw error;
  }
  const details = readBasicCardDetails(response.details);
  if (!details) {
    await response.complete('fail');
    throw new Error('Your Credit Card details are invalid.');
  }
  return { details, complete: (result) => response.complete(result) };
}
