/** Distances on the Earth and the bounds of what the place search serves (US only, spec 1 §5). */

export type Point = { latitude: number; longitude: number };

const EARTH_RADIUS_METERS = 6_371_000;

/** Great-circle (haversine) distance in metres. */
export function geodesicMeters(a: Point, b: Point): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return EARTH_RADIUS_METERS * 2 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The United States as a few boxes (lat/lng): the lower 48, Alaska, Hawaii, Puerto Rico and the
 * Virgin Islands. Coarse on purpose: it refuses a point in Europe or at 0,0, not a Canadian suburb.
 */
const US_BOXES: readonly [south: number, west: number, north: number, east: number][] = [
  [24.4, -125.0, 49.4, -66.9],
  [51.2, -179.9, 71.5, -129.9],
  [18.9, -160.3, 22.3, -154.8],
  [17.6, -67.3, 18.6, -64.5],
];

export function isInUnitedStates({ latitude, longitude }: Point): boolean {
  return US_BOXES.some(([south, west, north, east]) => latitude >= south && latitude <= north && longitude >= west && longitude <= east);
}
