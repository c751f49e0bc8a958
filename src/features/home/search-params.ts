/**
 * Search URL parameters built from the home page (spec 1 §4 "Search URL"): q is the address
 * with spaces turned into dashes; lat and lng carry six decimals.
 */
export type HomeSearch = { q?: string; lat?: number; lng?: number };

export const GEOLOCATION_UNSUPPORTED_TEXT =
  'You browser does not support geolocation or you intentionally disabled geolocation features on our site.';
export const GEOLOCATION_FAILED_TEXT = 'Unable to get your location. Make sure that geolocation features are enabled and our website is not blocked.';

export function toSearchQuery(text: string): string {
  return text.trim().replace(/\s+/g, '-');
}

export function roundCoordinate(value: number): number {
  return Number(value.toFixed(6));
}

export function buildPositionSearch(latitude: number, longitude: number): HomeSearch {
  return { lat: roundCoordinate(latitude), lng: roundCoordinate(longitude) };
}
