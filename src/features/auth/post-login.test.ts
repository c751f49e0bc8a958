import { describe, expect, it } from 'vitest';
import { needsContractsForTarget, profileLinkPath, resolvePostLoginTarget, safeRedirectPath } from './post-login';

describe('resolvePostLoginTarget', () => {
  it('prefers the redirect query, then monthly reservations for ticket-system users, then the profile', () => {
    expect(resolvePostLoginTarget({ redirect: '/reserve/monthly?x=1', isTicketSystemUser: true })).toBe('/reserve/monthly?x=1');
    expect(resolvePostLoginTarget({ isTicketSystemUser: true })).toBe('/my-account/reservations');
    expect(resolvePostLoginTarget({ isTicketSystemUser: false })).toBe('/my-account/profile');
  });

  it("a page's own default (park-and-pay: pay-by-plate) wins over both, but not over a redirect", () => {
    expect(resolvePostLoginTarget({ isTicketSystemUser: false, defaultPath: '/parkandpay/welcome' })).toBe('/parkandpay/welcome');
    expect(resolvePostLoginTarget({ isTicketSystemUser: true, defaultPath: '/parkandpay/welcome' })).toBe('/parkandpay/welcome');
    expect(resolvePostLoginTarget({ redirect: '/parkandpay/vehicles', isTicketSystemUser: true, defaultPath: '/parkandpay/welcome' })).toBe('/parkandpay/vehicles');
  });

  it('waits for the contracts only when they decide the landing', () => {
    expect(needsContractsForTarget({})).toBe(true);
    expect(needsContractsForTarget({ redirect: 'https://evil.example/' })).toBe(true);
    expect(needsContractsForTarget({ redirect: '/my-account/vehicles' })).toBe(false);
    expect(needsContractsForTarget({ defaultPath: '/parkandpay/welcome' })).toBe(false);
  });

  it('ignores redirects that leave the app or loop back to sign-in', () => {
    for (const bad of ['https://evil.example/', '//evil.example', '/\\evil', '/sign-in?redirect=/x', 'my-account']) expect(safeRedirectPath(bad)).toBeUndefined();
  });
});

describe('profileLinkPath', () => {
  it('is monthly reservations for ticket-system users, else the profile', () => {
    expect(profileLinkPath(true)).toBe('/my-account/reservations');
    expect(profileLinkPath(false)).toBe('/my-account/profile');
  });
});
