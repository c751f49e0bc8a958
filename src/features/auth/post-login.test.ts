import { describe, expect, it } from 'vitest';
import { resolvePostLoginTarget, safeRedirectPath } from './post-login';

describe('resolvePostLoginTarget', () => {
  it('prefers the redirect query, then monthly reservations for ticket-system users, then the default', () => {
    expect(resolvePostLoginTarget({ redirect: '/reserve/monthly?x=1', isTicketSystemUser: true })).toBe('/reserve/monthly?x=1');
    expect(resolvePostLoginTarget({ isTicketSystemUser: true })).toBe('/my-account/monthly-sign-up');
    expect(resolvePostLoginTarget({ isTicketSystemUser: false })).toBe('/my-account/profile');
    expect(resolvePostLoginTarget({ isTicketSystemUser: false, defaultPath: '/parkandpay/welcome' })).toBe('/parkandpay/welcome');
  });

  it('ignores redirects that leave the app or loop back to sign-in', () => {
    for (const bad of ['https://evil.example/', '//evil.example', '/\\evil', '/sign-in?redirect=/x', 'my-account']) expect(safeRedirectPath(bad)).toBeUndefined();
  });
});
