import { describe, expect, it } from 'vitest';
import { COVID_BANNER_ID, type Banner } from '../../contract/content';
import { getBannerTarget, isBannerExpired, isBannerShown, selectShownBanners } from './banner-rules';

const now = new Date('2026-11-23T12:00:00.000Z');

function banner(overrides: Partial<Banner> = {}): Banner {
  return {
    bannerId: 1,
    message: '<b>Hello</b>',
    cssClass: {},
    effectiveFrom: '2026-11-01T00:00:00.000Z',
    effectiveTill: '2026-12-01T00:00:00.000Z',
    isExpired: false,
    isHidden: false,
    redirectUrl: null,
    bannerRoutes: [{ bannerRouteId: 1, requestRegex: '^/$', refererRegex: null }],
    ...overrides,
  };
}

const home = { path: '/', referrer: '', now };

describe('isBannerShown', () => {
  it('shows a live banner whose request regex matches the path', () => {
    expect(isBannerShown(banner(), home)).toBe(true);
  });

  it('hides it on a path the regex does not match', () => {
    expect(isBannerShown(banner(), { ...home, path: '/locations' })).toBe(false);
  });

  it('shows it when the referer regex matches the referrer', () => {
    const fromPartner = banner({ bannerRoutes: [{ bannerRouteId: 1, requestRegex: null, refererRegex: 'partner\\.example' }] });
    expect(isBannerShown(fromPartner, { ...home, path: '/about', referrer: 'https://www.partner.example/deals' })).toBe(true);
    expect(isBannerShown(fromPartner, { ...home, path: '/about', referrer: '' })).toBe(false);
  });

  it('matches any of several routes', () => {
    const twoRoutes = banner({
      bannerRoutes: [
        { bannerRouteId: 1, requestRegex: '^/$', refererRegex: null },
        { bannerRouteId: 2, requestRegex: '^/locations', refererRegex: null },
      ],
    });
    expect(isBannerShown(twoRoutes, { ...home, path: '/locations/123-w-44th-st' })).toBe(true);
  });

  it('never shows a hidden banner', () => {
    expect(isBannerShown(banner({ isHidden: true, bannerRoutes: [{ bannerRouteId: 1, requestRegex: '.*', refererRegex: null }] }), home)).toBe(false);
  });

  it('never shows an expired banner, whether flagged by the server or outside its window', () => {
    expect(isBannerShown(banner({ isExpired: true }), home)).toBe(false);
    expect(isBannerShown(banner({ effectiveTill: '2026-11-23T11:59:59.000Z' }), home)).toBe(false);
    expect(isBannerShown(banner({ effectiveFrom: '2026-11-23T12:00:01.000Z' }), home)).toBe(false);
  });

  it('treats a bad regex from the CMS as no match', () => {
    expect(isBannerShown(banner({ bannerRoutes: [{ bannerRouteId: 1, requestRegex: '([', refererRegex: null }] }), home)).toBe(false);
  });

  it('has no banner without routes', () => {
    expect(isBannerShown(banner({ bannerRoutes: [] }), home)).toBe(false);
  });
});

describe('isBannerExpired', () => {
  it('has no end when effectiveTill is null', () => {
    expect(isBannerExpired(banner({ effectiveTill: null }), new Date('2030-01-01T00:00:00.000Z'))).toBe(false);
  });

  it('ends exactly at effectiveTill', () => {
    expect(isBannerExpired(banner(), new Date('2026-12-01T00:00:00.000Z'))).toBe(true);
  });
});

describe('selectShownBanners', () => {
  it('keeps order and drops the ones not shown', () => {
    const list = [banner({ bannerId: 1 }), banner({ bannerId: 2, isHidden: true }), banner({ bannerId: 3 })];
    expect(selectShownBanners(list, home).map((b) => b.bannerId)).toEqual([1, 3]);
  });
});

describe('getBannerTarget', () => {
  it('sends the COVID banner to /covid-19 whatever its redirect', () => {
    expect(getBannerTarget({ bannerId: COVID_BANNER_ID, redirectUrl: '/elsewhere' })).toBe('/covid-19');
  });

  it('uses the redirect URL, or nothing', () => {
    expect(getBannerTarget({ bannerId: 1, redirectUrl: '/locations' })).toBe('/locations');
    expect(getBannerTarget({ bannerId: 1, redirectUrl: null })).toBeNull();
    expect(getBannerTarget({ bannerId: 1, redirectUrl: '  ' })).toBeNull();
  });
});
