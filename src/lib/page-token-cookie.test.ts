import { describe, expect, it } from 'vitest';
import { pageTokenCookie } from './page-token-cookie';

const NOW = Date.parse('2026-11-26T10:00:00Z');

describe('pageTokenCookie', () => {
  it('keeps the token for the session page only, until the token expires', () => {
    expect(pageTokenCookie('aaa.bbb.ccc', NOW + 3_600_000, NOW, false)).toBe('pf-page-token=aaa.bbb.ccc; Path=/parkandpay/session; Max-Age=3600; SameSite=Lax');
  });

  it('is Secure on https', () => {
    expect(pageTokenCookie('aaa.bbb.ccc', NOW + 60_000, NOW, true)).toMatch(/; Secure$/);
  });

  it('removes the cookie at sign-out and never keeps an expired token', () => {
    expect(pageTokenCookie(null, 0, NOW, false)).toBe('pf-page-token=; Path=/parkandpay/session; Max-Age=0; SameSite=Lax');
    expect(pageTokenCookie('aaa.bbb.ccc', NOW - 1000, NOW, false)).toBe('pf-page-token=; Path=/parkandpay/session; Max-Age=0; SameSite=Lax');
  });
});
