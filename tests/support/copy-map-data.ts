/**
 * Copies the parts of the offline NY/NJ map kit (/work/shared/mapdata, or MAPDATA_DIR) that the
 * location map uses into public/mapdata/, served by the app itself:
 *   node --import tsx tests/support/copy-map-data.ts
 * - tiles/nyc_partial_omt.pmtiles as is (vector streets, names, buildings, parks);
 * - land.geojson: NYC boroughs, the Hudson County land mask and the NJ counties around Newark,
 *   only the features near the garages, properties dropped, lines simplified to about 2 m and
 *   coordinates rounded to 5 decimals — 3 MB of GeoJSON down to what a pin map needs;
 * - hudson-streets.geojson: Hudson County street lines (outside the tiles), simplified the same way;
 * - glyphs for "Noto Sans Regular" (street names), and the licence notices.
 */
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const KIT = process.env['MAPDATA_DIR'] ?? '/work/shared/mapdata';
const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../public/mapdata');
/** The garages lie within -74.17..-73.95, 40.68..40.79; keep land that a map around them can show. */
const AREA = { west: -74.3, south: 40.6, east: -73.85, north: 40.88 };

type Position = number[];
type Geometry = { type: string; coordinates: unknown };
type Feature = { type: 'Feature'; properties: Record<string, unknown>; geometry: Geometry };

const round = (value: number) => Math.round(value * 1e5) / 1e5;

/** About 2 m: under a pixel at the street zooms the pin map opens at. */
const TOLERANCE_DEGREES = 2e-5;

/** Distance of `point` from the segment start–end, in degrees (short distances: flat is fine). */
function segmentDistance(point: Position, start: Position, end: Position): number {
  const [px = 0, py = 0] = point;
  const [ax = 0, ay = 0] = start;
  const [bx = 0, by = 0] = end;
  const dx = bx - ax;
  const dy = by - ay;
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / lengthSquared));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** Douglas–Peucker on one line or ring (iterative); the first and last points always stay. */
function simplify(points: Position[]): Position[] {
  if (points.length <= 4) return points;
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length > 0) {
    const [first, last] = stack.pop() ?? [0, 0];
    let farthest = -1;
    let farthestDistance = TOLERANCE_DEGREES;
    for (let index = first + 1; index < last; index += 1) {
      const distance = segmentDistance(points[index] ?? [], points[first] ?? [], points[last] ?? []);
      if (distance > farthestDistance) {
        farthest = index;
        farthestDistance = distance;
      }
    }
    if (farthest > 0) {
      keep[farthest] = 1;
      stack.push([first, farthest], [farthest, last]);
    }
  }
  const kept = points.filter((_, index) => keep[index] === 1);
  return kept.length >= 4 ? kept : points;
}

/** Simplifies every line or ring, then rounds every position. */
function roundCoordinates(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  if (typeof value[0] === 'number') return (value as Position).map(round);
  if (Array.isArray(value[0]) && typeof (value[0] as unknown[])[0] === 'number') return simplify(value as Position[]).map((point) => point.map(round));
  return value.map(roundCoordinates);
}

function bounds(value: unknown, box = { west: Infinity, south: Infinity, east: -Infinity, north: -Infinity }) {
  if (Array.isArray(value) && typeof value[0] === 'number') {
    const [lng = 0, lat = 0] = value as Position;
    box.west = Math.min(box.west, lng);
    box.east = Math.max(box.east, lng);
    box.south = Math.min(box.south, lat);
    box.north = Math.max(box.north, lat);
  } else if (Array.isArray(value)) {
    for (const item of value) bounds(item, box);
  }
  return box;
}

const isNearGarages = (feature: Feature) => {
  const box = bounds(feature.geometry.coordinates);
  return box.west <= AREA.east && box.east >= AREA.west && box.south <= AREA.north && box.north >= AREA.south;
};

async function readFeatures(relative: string): Promise<Feature[]> {
  return (JSON.parse(await readFile(path.join(KIT, relative), 'utf8')) as { features: Feature[] }).features;
}

/** Polygons become one MultiPolygon, lines one MultiLineString: a single feature, no per-feature overhead. */
async function writeMerged(name: string, kind: 'MultiPolygon' | 'MultiLineString', features: Feature[]) {
  const parts = features.filter(isNearGarages).flatMap((feature) => {
    const { type, coordinates } = feature.geometry;
    return type === 'Polygon' || type === 'LineString' ? [coordinates] : type === kind ? (coordinates as unknown[]) : [];
  });
  const geometry = { type: kind, coordinates: roundCoordinates(parts) };
  const text = JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry }] });
  await writeFile(path.join(OUT, name), text);
  console.log(`wrote public/mapdata/${name} (${parts.length} parts, ${Math.round(text.length / 1024)} KB)`);
}

async function main() {
  await mkdir(path.join(OUT, 'tiles'), { recursive: true });
  await mkdir(path.join(OUT, 'glyphs/Noto Sans Regular'), { recursive: true });
  await copyFile(path.join(KIT, 'tiles/nyc_partial_omt.pmtiles'), path.join(OUT, 'tiles/nyc_partial_omt.pmtiles'));
  for (const range of ['0-255', '256-511', '8192-8447']) {
    await copyFile(path.join(KIT, `glyphs/fonts/Noto Sans Regular/${range}.pbf`), path.join(OUT, `glyphs/Noto Sans Regular/${range}.pbf`));
  }
  await copyFile(path.join(KIT, 'glyphs/fonts/OFL.txt'), path.join(OUT, 'glyphs/OFL.txt'));
  await writeMerged('land.geojson', 'MultiPolygon', [
    ...(await readFeatures('nyc/nyc_boroughs.geojson')),
    ...(await readFeatures('nj/hudson_water.geojson')),
    ...(await readFeatures('nj/nj_surrounding_counties.geojson')),
    ...(await readFeatures('nj/osm_harbor_islands.geojson')),
  ]);
  await writeMerged('hudson-streets.geojson', 'MultiLineString', await readFeatures('nj/osm_streets_geometry_only.geojson'));
}

await main();
