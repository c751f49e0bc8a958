/**
 * The offline map style for a location pin (DESIGN.md "Maps"), built only from files the app
 * serves itself (public/mapdata/, see its README): a water-coloured background, land polygons on
 * top (rivers are not in the tiles), and — only where they exist around the pin — the vector
 * tiles' parks, buildings, streets and street names (lower/midtown Manhattan, downtown Brooklyn)
 * or Hudson County's street lines (Jersey City, Hoboken, Secaucus). Nothing is loaded that the
 * pin's surroundings cannot show. Pure (no maplibre import), so it is unit-tested in Node;
 * src/lib/map.tsx hands it to maplibre.
 */

export type MapPoint = { latitude: number; longitude: number };
type Bounds = { west: number; south: number; east: number; north: number };

export const MAP_DATA_PATH = '/mapdata';
export const MAP_TILES_FILE = `${MAP_DATA_PATH}/tiles/nyc_partial_omt.pmtiles`;

/** Bounds of nyc_partial_omt.pmtiles (public/mapdata/README.md). */
const TILE_BOUNDS: Bounds = { west: -74.031, south: 40.695, east: -73.963, north: 40.759 };
/** Hudson County's street lines (public/mapdata/hudson-streets.geojson). */
const HUDSON_BOUNDS: Bounds = { west: -74.17, south: 40.64, east: -74.02, north: 40.83 };
/** About 1 km: the pin map opens at street zoom, so farther data would not show. */
const MARGIN_DEGREES = 0.01;

export const PIN_ZOOM = 15;

export const MAP_ATTRIBUTION = {
  osm: '<a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noreferrer">© OpenStreetMap contributors</a>',
  land: 'NYC Department of City Planning, NJGIN',
};

const COLORS = { water: '#aad3df', land: '#f2efe9', park: '#cde6c0', building: '#dedad4', street: '#ffffff', casing: '#c9c3b8', label: '#4a4a4a' };

const isNear = (point: MapPoint, bounds: Bounds): boolean =>
  point.longitude >= bounds.west - MARGIN_DEGREES &&
  point.longitude <= bounds.east + MARGIN_DEGREES &&
  point.latitude >= bounds.south - MARGIN_DEGREES &&
  point.latitude <= bounds.north + MARGIN_DEGREES;

/** Which optional layers a map around `point` needs. */
export function mapCoverage(point: MapPoint): { hasStreetTiles: boolean; hasHudsonStreets: boolean } {
  return { hasStreetTiles: isNear(point, TILE_BOUNDS), hasHudsonStreets: isNear(point, HUDSON_BOUNDS) };
}

/** Maplibre needs absolute URLs (its worker resolves them); the origin is the app's own. */
export function locationMapStyle(point: MapPoint, origin: string) {
  const { hasStreetTiles, hasHudsonStreets } = mapCoverage(point);
  const sources: Record<string, object> = {
    land: { type: 'geojson', data: `${origin}${MAP_DATA_PATH}/land.geojson`, attribution: MAP_ATTRIBUTION.land },
  };
  const layers: object[] = [
    { id: 'water', type: 'background', paint: { 'background-color': COLORS.water } },
    { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': COLORS.land } },
  ];
  if (hasHudsonStreets) {
    sources['hudson-streets'] = { type: 'geojson', data: `${origin}${MAP_DATA_PATH}/hudson-streets.geojson`, attribution: MAP_ATTRIBUTION.osm };
    layers.push(
      { id: 'hudson-streets-casing', type: 'line', source: 'hudson-streets', paint: { 'line-color': COLORS.casing, 'line-width': 4 } },
      { id: 'hudson-streets', type: 'line', source: 'hudson-streets', paint: { 'line-color': COLORS.street, 'line-width': 2.5 } },
    );
  }
  if (hasStreetTiles) {
    sources['streets'] = { type: 'vector', url: `pmtiles://${origin}${MAP_TILES_FILE}`, attribution: MAP_ATTRIBUTION.osm };
    const minor = ['in', ['get', 'class'], ['literal', ['minor', 'service', 'track', 'path']]];
    const isRoad = ['!', ['in', ['get', 'class'], ['literal', ['rail', 'transit', 'ferry', 'aerialway']]]];
    layers.push(
      { id: 'park', type: 'fill', source: 'streets', 'source-layer': 'park', paint: { 'fill-color': COLORS.park } },
      { id: 'building', type: 'fill', source: 'streets', 'source-layer': 'building', minzoom: 14, paint: { 'fill-color': COLORS.building } },
      { id: 'street-casing', type: 'line', source: 'streets', 'source-layer': 'transportation', filter: ['all', isRoad, ['!', minor]], paint: { 'line-color': COLORS.casing, 'line-width': 7 } },
      { id: 'street', type: 'line', source: 'streets', 'source-layer': 'transportation', filter: isRoad, paint: { 'line-color': COLORS.street, 'line-width': ['case', minor, 2.5, 5] } },
      {
        id: 'street-name',
        type: 'symbol',
        source: 'streets',
        'source-layer': 'transportation_name',
        filter: isRoad,
        layout: {
          'symbol-placement': 'line',
          'text-field': ['coalesce', ['get', 'name:latin'], ['get', 'name']],
          'text-font': ['Noto Sans Regular'],
          'text-size': 11,
        },
        paint: { 'text-color': COLORS.label, 'text-halo-color': COLORS.street, 'text-halo-width': 1.5 },
      },
    );
  }
  return {
    version: 8 as const,
    glyphs: `${origin}${MAP_DATA_PATH}/glyphs/{fontstack}/{range}.pbf`,
    sources,
    layers,
  };
}
