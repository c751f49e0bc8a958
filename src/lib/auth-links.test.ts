import { describe, expect, it } from 'vitest';
import { signInHref } from './auth-links';

describe('signInHref', () => {
  it('carries the wanted path and the expired flag', () => {
    expect(signInHref('/my-account/receipts?page=2')).toBe('/sign-in?redirect=%2Fmy-account%2Freceipts%3Fpage%3D2');
    expect(signInHref('/parkandpay/session', { isExpired: true })).toBe('/sign-in?redirect=%2Fparkandpay%2Fsession&expired=true');
    expect(signInHref()).toBe('/sign-in');
    expect(signInHref('/')).toBe('/sign-in');
  });

  it('sends park-and-pay deep links to the park-and-pay sign-in', () => {
    expect(signInHref('/parkandpay/session?licensePlate=ABC123')).toBe('/parkandpay/sign-in?redirect=%2Fparkandpay%2Fsession%3FlicensePlate%3DABC123');
    expect(signInHref('/parkandpay/digital-tickets')).toBe('/parkandpay/sign-in?redirect=%2Fparkandpay%2Fdigital-tickets');
    expect(signInHref('/parkandpay')).toBe('/parkandpay/sign-in?redirect=%2Fparkandpay');
  });

  it('leaves look-alike paths on the site sign-in', () => {
    expect(signInHref('/parkandpayment/x')).toBe('/sign-in?redirect=%2Fparkandpayment%2Fx');
    expect(signInHref('/pay-for-parking/PF7K2QX')).toBe('/sign-in?redirect=%2Fpay-for-parking%2FPF7K2QX');
    expect(signInHref('/my-account?from=/parkandpay/session')).toBe('/sign-in?redirect=%2Fmy-account%3Ffrom%3D%2Fparkandpay%2Fsession');
  });
});
