/**
 * A banner is expired when now is outside its effective window (spec 1 §2.4): before
 * effectiveFrom, or at/after effectiveTill. A banner with no effectiveTill never ends.
 */
export function isBannerExpired(window: { effectiveFrom: Date; effectiveTill: Date | null }, now: Date): boolean {
  if (now.getTime() < window.effectiveFrom.getTime()) return true;
  return window.effectiveTill !== null && now.getTime() >= window.effectiveTill.getTime();
}
