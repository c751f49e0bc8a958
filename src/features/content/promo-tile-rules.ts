/**
 * Promo tile rules (spec 1 §2.4): a tile's own link opens as given (EXTERNAL in a new tab);
 * a tile without a link goes to its content search /search/content/{contentId}/{slug}.
 * Three or fewer tiles show as a static grid on desktop; more become a looping slider with
 * 3 / 2 / 1 slides per view at 1000 / 800 / 480 px.
 */
import type { ContentItem } from '../../contract/content';

export type PromoTileLink = { href: string; isExternal: boolean };

export const PROMO_GRID_MAX_TILES = 3;
export const PROMO_SLIDER_BREAKPOINTS = [
  { minWidth: 1000, slides: 3 },
  { minWidth: 800, slides: 2 },
  { minWidth: 480, slides: 1 },
] as const;

export function getPromoTileLink(tile: Pick<ContentItem, 'contentId' | 'slug' | 'linkUrl' | 'linkType'>): PromoTileLink {
  const linkUrl = tile.linkUrl?.trim();
  if (linkUrl) return { href: linkUrl, isExternal: tile.linkType?.typeName === 'EXTERNAL' };
  const slug = tile.slug ? `/${encodeURIComponent(tile.slug)}` : '';
  return { href: `/search/content/${tile.contentId}${slug}`, isExternal: false };
}

export function isPromoGrid(tileCount: number): boolean {
  return tileCount <= PROMO_GRID_MAX_TILES;
}

/** Slides per view at a viewport width (1 below the smallest breakpoint). */
export function slidesPerView(viewportWidth: number): number {
  return PROMO_SLIDER_BREAKPOINTS.find((breakpoint) => viewportWidth >= breakpoint.minWidth)?.slides ?? 1;
}

/** The next first-visible slide, wrapping around both ends so the slider loops. */
export function nextSlideIndex(current: number, step: number, tileCount: number, perView: number): number {
  const lastStart = Math.max(0, tileCount - perView);
  const next = current + step;
  if (next > lastStart) return current >= lastStart ? 0 : lastStart;
  if (next < 0) return current <= 0 ? lastStart : 0;
  return next;
}
