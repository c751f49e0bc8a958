import { describe, expect, it } from 'vitest';
import { getPromoTileLink, isPromoGrid, nextSlideIndex, slidesPerView } from './promo-tile-rules';

describe('getPromoTileLink', () => {
  it('opens an EXTERNAL link in a new tab', () => {
    expect(getPromoTileLink({ contentId: 3, slug: 'x', linkUrl: 'https://example.com', linkType: { typeName: 'EXTERNAL' } })).toEqual({ href: 'https://example.com', isExternal: true });
  });

  it('follows an INTERNAL link in the app', () => {
    expect(getPromoTileLink({ contentId: 2, slug: 'go-monthly', linkUrl: '/monthly-parking', linkType: { typeName: 'INTERNAL' } })).toEqual({ href: '/monthly-parking', isExternal: false });
  });

  it('sends a tile without a link to its content search', () => {
    expect(getPromoTileLink({ contentId: 1, slug: 'park-and-train', linkUrl: null, linkType: null })).toEqual({ href: '/search/content/1/park-and-train', isExternal: false });
    expect(getPromoTileLink({ contentId: 5, slug: '', linkUrl: '  ', linkType: null })).toEqual({ href: '/search/content/5', isExternal: false });
  });
});

describe('promo layout', () => {
  it('is a grid for three or fewer tiles, a slider for more', () => {
    expect([0, 1, 3, 4, 9].map(isPromoGrid)).toEqual([true, true, true, false, false]);
  });

  it('shows 3 / 2 / 1 slides at 1000 / 800 / 480 px', () => {
    expect([1400, 1000, 999, 800, 799, 480, 320].map(slidesPerView)).toEqual([3, 3, 2, 2, 1, 1, 1]);
  });

  it('loops: past the last page goes to the first, before the first to the last', () => {
    expect(nextSlideIndex(0, 1, 5, 3)).toBe(1);
    expect(nextSlideIndex(2, 1, 5, 3)).toBe(0);
    expect(nextSlideIndex(0, -1, 5, 3)).toBe(2);
    expect(nextSlideIndex(1, 3, 5, 1)).toBe(4);
    expect(nextSlideIndex(4, 1, 5, 1)).toBe(0);
    expect(nextSlideIndex(0, 1, 2, 3)).toBe(0);
  });
});
