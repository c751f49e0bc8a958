/**
 * Which announcement banners show (spec 1 §2.4, spec 2 §4 "Banner"): a banner shows only when
 * one of its routes' request regex matches the current path or its referer regex matches the
 * referrer, it is not hidden and not expired. Expired means outside [effectiveFrom,
 * effectiveTill); the server derives `isExpired` but the window is re-checked here because a
 * persisted banner list can be older than its window. A bad regex from the CMS never matches.
 */
import { COVID_BANNER_ID } from '../../contract/content-ids';
import type { Banner } from '../../contract/content';

export type BannerContext = { path: string; referrer: string; now: Date };

function matchesPattern(pattern: string | null, value: string): boolean {
  if (!pattern || !value) return false;
  try {
    return new RegExp(pattern, 'i').test(value);
  } catch {
    return false;
  }
}

export function isBannerExpired(banner: Pick<Banner, 'isExpired' | 'effectiveFrom' | 'effectiveTill'>, now: Date): boolean {
  if (banner.isExpired) return true;
  const time = now.getTime();
  if (time < Date.parse(banner.effectiveFrom)) return true;
  return banner.effectiveTill !== null && time >= Date.parse(banner.effectiveTill);
}

export function isBannerShown(banner: Banner, context: BannerContext): boolean {
  if (banner.isHidden || isBannerExpired(banner, context.now)) return false;
  return banner.bannerRoutes.some(
    (route) => matchesPattern(route.requestRegex, context.path) || matchesPattern(route.refererRegex, context.referrer),
  );
}

export function selectShownBanners(banners: readonly Banner[], context: BannerContext): Banner[] {
  return banners.filter((banner) => isBannerShown(banner, context));
}

/** Where a banner click goes: the COVID banner to /covid-19, others to their redirectUrl. */
export function getBannerTarget(banner: Pick<Banner, 'bannerId' | 'redirectUrl'>): string | null {
  if (banner.bannerId === COVID_BANNER_ID) return '/covid-19';
  return banner.redirectUrl?.trim() || null;
}
