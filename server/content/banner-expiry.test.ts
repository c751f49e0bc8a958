import { describe, expect, it } from 'vitest';
import { isBannerExpired } from './banner-expiry.ts';

const at = (iso: string) => new Date(iso);
const window = { effectiveFrom: at('2026-11-16T19:00:00Z'), effectiveTill: at('2026-12-07T19:00:00Z') };

describe('isBannerExpired', () => {
  it('is not expired inside the window, including its first instant', () => {
    expect(isBannerExpired(window, at('2026-11-16T19:00:00Z'))).toBe(false);
    expect(isBannerExpired(window, at('2026-11-23T19:00:00Z'))).toBe(false);
  });
  it('is expired before the window starts (outside the effective window)', () => {
    expect(isBannerExpired(window, at('2026-11-16T18:59:59.999Z'))).toBe(true);
  });
  it('is expired from effectiveTill on', () => {
    expect(isBannerExpired(window, at('2026-12-07T18:59:59.999Z'))).toBe(false);
    expect(isBannerExpired(window, at('2026-12-07T19:00:00Z'))).toBe(true);
  });
  it('never expires without an effectiveTill once started', () => {
    expect(isBannerExpired({ effectiveFrom: window.effectiveFrom, effectiveTill: null }, at('2099-01-01T00:00:00Z'))).toBe(false);
  });
});
