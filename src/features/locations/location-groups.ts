/** Locations grouped by area for the /locations directory and the sitemap. */
import { LOCATION_AREAS, type Location, type LocationArea } from '../../contract/locations';

export const AREA_NAMES: Record<LocationArea, string> = {
  manhattan: 'Manhattan',
  brooklyn: 'Brooklyn',
  'jersey-city': 'Jersey City',
  newark: 'Newark',
  secaucus: 'Secaucus',
};

export type LocationGroup = { area: LocationArea; name: string; locations: Location[] };

/** Areas in the fixed order of LOCATION_AREAS, garages by display name; empty areas dropped. */
export function groupLocationsByArea(locations: readonly Location[]): LocationGroup[] {
  return LOCATION_AREAS.map((area) => ({
    area,
    name: AREA_NAMES[area],
    locations: locations.filter((location) => location.area === area).sort((a, b) => a.locationDisplayText.localeCompare(b.locationDisplayText)),
  })).filter((group) => group.locations.length > 0);
}

export function findLocationBySlug(locations: readonly Location[], slug: string): Location | undefined {
  const wanted = slug.toLowerCase();
  return locations.find((location) => location.seoUrl.toLowerCase() === wanted);
}

export function locationPath(location: Pick<Location, 'seoUrl'>): string {
  return `/locations/${location.seoUrl}`;
}

/**
 * Garages the CMS body of /locations does not link to yet. The seeded copy already lists every
 * garage by area, so the page adds only what the copy misses (a garage opened since it was written).
 */
export function findLocationsMissingFromHtml(locations: readonly Location[], html: string): Location[] {
  const linked = new Set([...html.matchAll(/href="\/locations\/([^"?#]+)"/gi)].map((match) => decodeURIComponent(match[1] ?? '').toLowerCase()));
  return locations.filter((location) => !linked.has(location.seoUrl.toLowerCase()));
}
