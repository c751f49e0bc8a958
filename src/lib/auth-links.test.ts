import { describe, expect, it } from 'vitest';
import { signInHref } from './auth-links';

describe('signInHref', () => {
  it('carries the wanted path and the expired flag', () => {
    expect(signInHref('/my-account/receipts?page=2')).toBe('/sign-in?redirect=%2Fmy-account%2Freceipts%3Fpage%3D2');
    expect(signInHref('/parkandpay/session', { isExpired: true })).toBe('/sign-in?redirect=%2Fparkandpay%2Fsession&expired=true');
    expect(signInHref()).toBe('/sign-in');
    expect(signInHref('/')).toBe('/sign-in');
  });
});
