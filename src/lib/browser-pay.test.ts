import { describe, expect, it } from 'vitest';
import {
  buildBrowserPayRequest, isBrowserPayAvailable, readBasicCardDetails, requestBrowserCard, toPaymentDetails, type PaymentRequestConstructor,
} from './browser-pay';

/** A stand-in for the browser's PaymentRequest: what it was asked, what it answers. */
function fakePaymentRequest(options: { canPay?: boolean | 'throws'; constructorThrows?: boolean; show?: () => Promise<unknown> }) {
  const asked: PaymentDetailsInit[] = [];
  class Fake {
    constructor(_methods: PaymentMethodData[], details: PaymentDetailsInit) {
      if (options.constructorThrows) throw new TypeError('unsupported');
      asked.push(details);
    }
    canMakePayment() {
      return options.canPay === 'throws' ? Promise.reject(new Error('nope')) : Promise.resolve(options.canPay ?? false);
    }
    show() {
      return options.show?.() ?? Promise.reject(new DOMException('closed', 'AbortError'));
    }
  }
  return { Request: Fake as unknown as PaymentRequestConstructor, asked };
}

describe('the browser pay amount (spec 3 §7: USD, country US, cents = dollars × 100, rounded)', () => {
  it('rounds to whole cents', () => {
    expect(buildBrowserPayRequest(23.675, 'Ticket')).toEqual({ country: 'US', currency: 'usd', total: { label: 'Ticket', amount: 2368 } });
    expect(buildBrowserPayRequest(0.1 + 0.2, 'x').total.amount).toBe(30);
    expect(buildBrowserPayRequest(41.43, 'x').total.amount).toBe(4143);
  });
  it('hands the browser the same total as a USD decimal', () => {
    expect(toPaymentDetails(buildBrowserPayRequest(41.43, 'Ticket'))).toEqual({ total: { label: 'Ticket', amount: { currency: 'USD', value: '41.43' } } });
  });
});

describe('isBrowserPayAvailable', () => {
  it('is false without the API, when the browser cannot pay, or when it refuses the request', async () => {
    expect(await isBrowserPayAvailable(undefined)).toBe(false);
    expect(await isBrowserPayAvailable(fakePaymentRequest({ canPay: false }).Request)).toBe(false);
    expect(await isBrowserPayAvailable(fakePaymentRequest({ canPay: 'throws' }).Request)).toBe(false);
    expect(await isBrowserPayAvailable(fakePaymentRequest({ constructorThrows: true }).Request)).toBe(false);
  });
  it('is true only when canMakePayment() says so', async () => {
    expect(await isBrowserPayAvailable(fakePaymentRequest({ canPay: true }).Request)).toBe(true);
  });
});

describe('readBasicCardDetails', () => {
  const details = { cardNumber: '4242 4242 4242 4242', expiryMonth: '07', expiryYear: '34', cardSecurityCode: '123', cardholderName: ' Dana Driver ', billingAddress: { postalCode: '10036' } };
  it('reads the card the test processor tokenises', () => {
    expect(readBasicCardDetails(details)).toEqual({ number: '4242424242424242', expMonth: 7, expYear: 2034, cvc: '123', name: 'Dana Driver', zip: '10036' });
    expect(readBasicCardDetails({ ...details, expiryYear: '2031', billingAddress: null })).toMatchObject({ expYear: 2031, zip: '' });
  });
  it('refuses incomplete answers', () => {
    for (const bad of [null, 'card', { ...details, cardNumber: '' }, { ...details, expiryMonth: '13' }, { ...details, cardSecurityCode: undefined }]) expect(readBasicCardDetails(bad)).toBeUndefined();
  });
});

describe('requestBrowserCard', () => {
  it('undefined when the driver closes the sheet', async () => {
    expect(await requestBrowserCard(buildBrowserPayRequest(5, 'x'), fakePaymentRequest({}).Request)).toBeUndefined();
  });
  it('answers the card and a completion that closes the sheet with the outcome', async () => {
    const completed: string[] = [];
    const { Request, asked } = fakePaymentRequest({
      show: () => Promise.resolve({ details: { cardNumber: '4242424242424242', expiryMonth: '12', expiryYear: '2034', cardSecurityCode: '123' }, complete: (r: string) => Promise.resolve(void completed.push(r)) }),
    });
    const card = await requestBrowserCard(buildBrowserPayRequest(12.5, 'Ticket'), Request);
    expect(asked[0]?.total.amount).toEqual({ currency: 'USD', value: '12.50' });
    expect(card?.details.number).toBe('4242424242424242');
    await card?.complete('success');
    expect(completed).toEqual(['success']);
  });
  it('fails the sheet when the wallet answers an incomplete card', async () => {
    const completed: string[] = [];
    const { Request } = fakePaymentRequest({ show: () => Promise.resolve({ details: {}, complete: (r: string) => Promise.resolve(void completed.push(r)) }) });
    await expect(requestBrowserCard(buildBrowserPayRequest(1, 'x'), Request)).rejects.toThrow('Your Credit Card details are invalid.');
    expect(completed).toEqual(['fail']);
  });
});
