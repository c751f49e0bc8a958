/**
 * Builds server/search/data/ from the offline map kit (`../shared/mapdata`, SOURCES.md there):
 *   places.json.gz     — the gazetteer rows the first-start seed inserts (seed.ts);
 *   walk-graph.json.gz — the walkable OSM street graph the walking matrix loads (walking.ts).
 * Run once when the source data changes, and commit the output:
 *   node --import tsx server/search/build-data.ts [path/to/mapdata]
 * Deterministic: the same input gives byte-identical files.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { PlaceKind } from '../../src/contract/search.ts';
import { type PlaceRow, PLACE_IMPORTANCE } from './place-row.ts';
import { geodesicMeters } from './geo.ts';
import { readOsmPbf, type OsmNode, type OsmWay } from './osm-pbf.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const MAPDATA = process.argv[2] ?? path.join(HERE, '../../../shared/mapdata');
const OUT = path.join(HERE, 'data');

type Feature = { properties: Record<string, unknown>; geometry: { type: string; coordinates: unknown } };
const readGeoJson = (file: string): Feature[] => (JSON.parse(readFileSync(path.join(MAPDATA, file), 'utf8')) as { features: Feature[] }).features;
const pointOf = (feature: Feature) => feature.geometry.coordinates as [number, number];
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

// ---------- Where a point is: NYC borough, Hudson County town, or the nearest NJ place ----------

type Ring = [number, number][];
type Area = { label: string; polygons: Ring[][] };

function polygonsOf(feature: Feature): Ring[][] {
  return feature.geometry.type === 'Polygon' ? [feature.geometry.coordinates as Ring[]] : (feature.geometry.coordinates as Ring[][]);
}

function insideRing(lng: number, lat: number, ring: Ring): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}
const insideArea = (lng: number, lat: number, area: Area) =>
  area.polygons.some(([outer, ...holes]) => insideRing(lng, lat, outer!) && !holes.some((hole) => insideRing(lng, lat, hole)));

const BOROUGH_CITY: Record<string, string> = { Manhattan: 'New York, NY', Brooklyn: 'Brooklyn, NY', Queens: 'Queens, NY', Bronx: 'Bronx, NY', 'Staten Island': 'Staten Island, NY' };
const areas: Area[] = [
  ...readGeoJson('nyc/nyc_boroughs.geojson').map((f) => ({ label: BOROUGH_CITY[text(f.properties.BoroName)] ?? 'New York, NY', polygons: polygonsOf(f) })),
  ...readGeoJson('nj/hudson_municipal_boundaries.geojson').map((f) => ({ label: `${text(f.properties.NAME).replace(/ Township$/, '')}, NJ`, polygons: polygonsOf(f) })),
];
const geonames = readGeoJson('gazetteer/geonames_places_nyc_nj.geojson');
const njTowns = geonames.filter((f) => f.properties.state === 'New Jersey');

/** "New York, NY", "Jersey City, NJ", "Newark, NJ" for a point; shoreline points take the nearest NJ town. */
function areaLabel(lat: number, lng: number): string {
  const area = areas.find((candidate) => insideArea(lng, lat, candidate));
  if (area) return area.label;
  let best = { label: 'New York, NY', meters: Infinity };
  for (const town of njTowns) {
    const [tLng, tLat] = pointOf(town);
    const meters = geodesicMeters({ latitude: lat, longitude: lng }, { latitude: tLat, longitude: tLng });
    if (meters < best.meters) best = { label: `${text(town.properties.name)}, NJ`, meters };
  }
  // Manhattan's piers and Brooklyn's shore sit just outside the clipped borough shapes.
  return best.meters < 3000 || lng < -74.03 ? best.label : 'New York, NY';
}

// ---------- Collecting places, strongest source first; near duplicates are dropped ----------

const places: PlaceRow[] = [];
const seen = new Map<string, { lat: number; lng: number }[]>();
const dedupeKey = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();

const usedIds = new Set<string>();

type AddOptions = { secondary?: string; importance?: number; altNames?: string[]; /** The whole second line, instead of "secondary · area". */ line?: string; /** After the area: a ZIP code. */ zip?: string };
function add(id: string, name: string, kind: PlaceKind, lat: number, lng: number, options: AddOptions = {}) {
  name = name.trim();
  if (usedIds.has(id)) throw new Error(`two places with id ${id}`);
  if (!name || !Number.isFinite(lat) || !Number.isFinite(lng)) return;
  const key = `${dedupeKey(name)}|${kind === 'address' ? 'address' : 'named'}`;
  const near = seen.get(key) ?? [];
  if (near.some((p) => geodesicMeters({ latitude: lat, longitude: lng }, { latitude: p.lat, longitude: p.lng }) < 400)) return;
  near.push({ lat, lng });
  seen.set(key, near);
  usedIds.add(id);
  const area = options.line ?? `${areaLabel(lat, lng)}${options.zip ? ` ${options.zip}` : ''}`;
  places.push({
    id,
    name,
    secondary: options.secondary && !options.line ? `${options.secondary} · ${area}` : area,
    kind,
    importance: options.importance ?? PLACE_IMPORTANCE[kind],
    latitude: Math.round(lat * 1e6) / 1e6,
    longitude: Math.round(lng * 1e6) / 1e6,
    altNames: [...new Set((options.altNames ?? []).map((alt) => alt.trim()).filter((alt) => alt && alt !== name))],
  });
}

/** The hubs a driver names first: before any other station of the same name. */
const HUBS = /^(New York Penn Station|Penn Station|Grand Central Terminal|Port Authority Bus Terminal|World Trade Center|Fulton Center|Newark Penn Station|Secaucus Junction|Hoboken Terminal|Journal Square|Exchange Place|Atlantic Terminal|Newark Broad Street|Newark Liberty Airport Station)$/;
const stationImportance = (name: string) => (HUBS.test(name) ? 100 : PLACE_IMPORTANCE.station);

// 1. Rail, PATH and bus hubs of NJ and Manhattan (OSM via the Hudson transit map).
for (const [i, f] of [...readGeoJson('nj/external_stations.geojson'), ...readGeoJson('nj/hudson_rail_stations.geojson')].entries()) {
  const [lng, lat] = pointOf(f);
  const osmId = text(f.properties.id);
  const name = text(f.properties.name);
  const alt = name === 'Penn Station' ? ['New York Penn Station', 'Pennsylvania Station'] : [];
  add(osmId ? `osm-s${osmId}` : `rail-${i}`, name, 'station', lat, lng, { secondary: 'Station', importance: stationImportance(name), altNames: alt });
}

// 2. The OSM extract: stations, venues, landmarks, neighbourhoods, hotels and named buildings; addresses.
const { nodes, ways } = readOsmPbf(readFileSync(path.join(MAPDATA, 'osm/merged_manhattan_brooklyn.osm.pbf')));
const nodeById = new Map<number, OsmNode>(nodes.map((node) => [node.id, node]));
function centre(way: OsmWay): { lat: number; lng: number } | undefined {
  const points = way.refs.map((ref) => nodeById.get(ref)).filter((node): node is OsmNode => node !== undefined);
  if (points.length === 0) return undefined;
  return { lat: points.reduce((s, p) => s + p.lat, 0) / points.length, lng: points.reduce((s, p) => s + p.lng, 0) / points.length };
}

const VENUE_AMENITIES = new Set(['theatre', 'arts_centre', 'cinema', 'events_venue', 'concert_hall', 'nightclub']);
const LANDMARK_TOURISM = new Set(['attraction', 'museum', 'gallery', 'artwork', 'viewpoint', 'zoo', 'aquarium']);
const INSTITUTIONS = new Set(['university', 'college', 'hospital', 'library', 'townhall', 'courthouse', 'place_of_worship', 'school', 'marketplace', 'ferry_terminal', 'bus_station']);

function classify(tags: Record<string, string>): { kind: PlaceKind; secondary: string; importance?: number } | undefined {
  if (tags.railway === 'station' || (tags.public_transport === 'station' && tags.railway !== 'stop')) {
    return { kind: 'station', secondary: tags.subway === 'yes' || tags.station === 'subway' ? 'Subway station' : 'Station' };
  }
  if (tags.leisure === 'stadium' || tags.building === 'stadium' || tags.building === 'arena') return { kind: 'venue', secondary: 'Arena', importance: 90 };
  if (tags.amenity && VENUE_AMENITIES.has(tags.amenity)) return { kind: 'venue', secondary: tags.amenity === 'cinema' ? 'Cinema' : 'Theatre' };
  if (tags.place === 'neighbourhood' || tags.place === 'suburb' || tags.place === 'quarter') return { kind: 'neighbourhood', secondary: 'Neighborhood' };
  if (tags.tourism && LANDMARK_TOURISM.has(tags.tourism)) return { kind: 'landmark', secondary: tags.tourism === 'museum' ? 'Museum' : 'Landmark' };
  if (tags.historic && tags.historic !== 'yes') return { kind: 'landmark', secondary: 'Landmark' };
  if (tags.leisure === 'park') return { kind: 'landmark', secondary: 'Park', importance: 50 };
  if (tags.place === 'square') return { kind: 'landmark', secondary: 'Square' };
  if (tags.tourism === 'hotel') return { kind: 'place', secondary: 'Hotel', importance: 35 };
  if (tags.amenity && INSTITUTIONS.has(tags.amenity)) return { kind: 'place', secondary: tags.amenity.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase()), importance: 30 };
  if (tags.amenity === 'parking' && tags.name) return { kind: 'place', secondary: 'Parking', importance: 15 };
  if (tags.building && tags.wikidata) return { kind: 'landmark', secondary: 'Building' };
  if (tags.building && tags.building !== 'yes' && tags.building !== 'house' && tags.building !== 'residential') return { kind: 'place', secondary: 'Building', importance: 25 };
  if (tags.building) return { kind: 'place', secondary: 'Building', importance: 25 };
  return undefined;
}

function addOsm(prefix: 'n' | 'w', element: OsmNode | OsmWay, at: { lat: number; lng: number }) {
  const tags = element.tags;
  const name = tags.name;
  if (name && !tags.highway && tags.railway !== 'subway_entrance' && tags.public_transport !== 'stop_position') {
    const found = classify(tags);
    if (found) {
      const alt = [tags.alt_name, tags.short_name, tags.official_name, tags.old_name].filter((x): x is string => Boolean(x)).flatMap((x) => x.split(';'));
      const importance = found.kind === 'station' ? stationImportance(name) : (found.importance ?? PLACE_IMPORTANCE[found.kind]);
      add(`osm-${prefix}${element.id}`, name, found.kind, at.lat, at.lng, { secondary: found.secondary, importance, altNames: alt });
    }
  }
  const house = tags['addr:housenumber'];
  const street = tags['addr:street'];
  if (house && street && /^\d[\dA-Za-z-]*$/.test(house)) {
    add(`osm-a${prefix}${element.id}`, `${house} ${street}`, 'address', at.lat, at.lng, { secondary: name, zip: tags['addr:postcode'] });
  }
}
for (const node of nodes) if (Object.keys(node.tags).length > 0) addOsm('n', node, node);
for (const way of ways) {
  if (!way.tags.name && !way.tags['addr:housenumber']) continue;
  const at = centre(way);
  if (at) addOsm('w', way, at);
}

// 3. The ready-made gazetteer of the extract (OSM) for whatever the pass above did not name.
const GAZETTEER_KINDS: Record<string, { kind: PlaceKind; secondary: string; importance?: number }> = {
  station: { kind: 'station', secondary: 'Station' },
  stadium: { kind: 'venue', secondary: 'Arena', importance: 90 },
  theatre: { kind: 'venue', secondary: 'Theatre' },
  arts_centre: { kind: 'venue', secondary: 'Arts centre' },
  cinema: { kind: 'venue', secondary: 'Cinema' },
  attraction: { kind: 'landmark', secondary: 'Landmark' },
  museum: { kind: 'landmark', secondary: 'Museum' },
  artwork: { kind: 'landmark', secondary: 'Artwork' },
  square: { kind: 'landmark', secondary: 'Square' },
  park: { kind: 'landmark', secondary: 'Park', importance: 50 },
  neighbourhood: { kind: 'neighbourhood', secondary: 'Neighborhood' },
  suburb: { kind: 'neighbourhood', secondary: 'Neighborhood' },
  quarter: { kind: 'neighbourhood', secondary: 'Neighborhood' },
  parking: { kind: 'place', secondary: 'Parking', importance: 15 },
};
readGeoJson('gazetteer/osm_places_manhattan_brooklyn.geojson').forEach((f, i) => {
  const found = GAZETTEER_KINDS[text(f.properties.kind)];
  if (!found) return;
  const [lng, lat] = pointOf(f);
  const osmId = text(String(f.properties.osm_id ?? ''));
  add(osmId ? `osm-g${osmId}` : `osm-gz${i}`, text(f.properties.name), found.kind, lat, lng, { secondary: found.secondary, importance: found.importance });
});

// 4. GeoNames: towns of NJ and the NYC boroughs as cities, NYC's named areas as neighbourhoods.
const NYC_COUNTIES = new Set(['New York County', 'Kings County', 'Queens County', 'Bronx County', 'Richmond County']);
const CITY_NAMES = new Set(['Manhattan', 'Brooklyn', 'Queens', 'The Bronx', 'Staten Island', 'New York City']);
geonames.forEach((f, i) => {
  const [lng, lat] = pointOf(f);
  const name = text(f.properties.name);
  const neighbourhood = NYC_COUNTIES.has(text(f.properties.county)) && !CITY_NAMES.has(name);
  const state = f.properties.state === 'New Jersey' ? 'NJ' : 'NY';
  const county = text(f.properties.county);
  const importance = ['Jersey City', 'Newark', 'Hoboken', 'Secaucus', 'Manhattan', 'Brooklyn', 'New York City'].includes(name) ? 95 : undefined;
  add(`gn-${i}`, name, neighbourhood ? 'neighbourhood' : 'city', lat, lng, {
    secondary: 'Neighborhood',
    line: neighbourhood ? undefined : county ? `${county}, ${state}` : state,
    importance,
    altNames: name === 'New York City' ? ['NYC', 'New York'] : [],
  });
});

// 5. NYC DCP: neighbourhood label points (NTA 2020) and subway stations of all five boroughs.
readGeoJson('nyc/nyc_neighborhood_labels.geojson').forEach((f) => {
  const [lng, lat] = pointOf(f);
  // NTA names join neighbourhoods with hyphens ("Midtown South-Flatiron-Union Square"): each is a name.
  const parts = text(f.properties.name).split('-').map((part) => part.trim());
  parts.forEach((part, i) => add(`nta-${text(f.properties.id).toLowerCase()}-${i}`, part, 'neighbourhood', lat, lng, { secondary: 'Neighborhood' }));
});
const titleCase = (value: string) => value.toLowerCase().replace(/\b([a-z])/g, (c) => c.toUpperCase()).replace(/\b(\d+)(St|Nd|Rd|Th)\b/g, (_, n: string, s: string) => n + s.toLowerCase());
readGeoJson('nyc/nyc_subway_stations.geojson').forEach((f) => {
  const [lng, lat] = pointOf(f);
  // "IND-A-CP-E-34 ST-PENN STATION": division, then the routes ("CP" = C part-time), then the name.
  const [, ...tokens] = text(f.properties.STATIONLABEL).split('-');
  const routes: string[] = [];
  while (tokens.length > 1 && /^[0-9A-Z][A-Z]?$/.test(tokens[0]!)) routes.push(tokens.shift()!.charAt(0));
  const name = titleCase(tokens.join('-'));
  if (!name) return;
  add(`nycs-${text(String(f.properties.OBJECTID))}`, name, 'station', lat, lng, { secondary: `Subway (${[...new Set(routes)].join(' ')})` });
});

// 6. Street names of the extract, with a point on each street.
readGeoJson('gazetteer/osm_street_names_manhattan_brooklyn.geojson').forEach((f, i) => {
  const [lng, lat] = pointOf(f);
  const segments = Number(f.properties.segments) || 1;
  // Avenues with many segments (long streets) rank over a one-block lane of the same words.
  add(`st-${i}`, text(f.properties.name), 'street', lat, lng, { secondary: 'Street', importance: PLACE_IMPORTANCE.street + Math.min(10, Math.round(Math.log2(segments) * 2)) });
});

// ---------- The walkable street graph ----------

const NOT_WALKABLE = new Set(['motorway', 'motorway_link', 'trunk_link', 'construction', 'proposed', 'raceway', 'bus_guideway', 'elevator', 'corridor']);
const walkable = (tags: Record<string, string>) =>
  tags.highway !== undefined && !NOT_WALKABLE.has(tags.highway) && tags.foot !== 'no' && tags.access !== 'private' && tags.access !== 'no';
const graphIndex = new Map<number, number>();
const coords: number[] = [];
const graphWays: number[][] = [];
for (const way of ways) {
  if (!walkable(way.tags)) continue;
  const refs: number[] = [];
  for (const ref of way.refs) {
    const node = nodeById.get(ref);
    if (!node) continue;
    let index = graphIndex.get(ref);
    if (index === undefined) {
      index = graphIndex.size;
      graphIndex.set(ref, index);
      coords.push(Math.round(node.lat * 1e6), Math.round(node.lng * 1e6));
    }
    refs.push(index);
  }
  if (refs.length > 1) graphWays.push(refs);
}
/** Deltas compress far better than absolute microdegrees. */
const deltas = (values: number[], stride: number) => values.map((value, i) => (i < stride ? value : value - values[i - stride]!));
const graph = { nodeCount: graphIndex.size, coords: deltas(coords, 2), ways: graphWays.map((refs) => deltas(refs, 1)) };

places.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
const placesFile = gzipSync(JSON.stringify(places.map((p) => [p.id, p.name, p.secondary, p.kind, p.importance, p.latitude, p.longitude, p.altNames])), { level: 9 });
const graphFile = gzipSync(JSON.stringify(graph), { level: 9 });
writeFileSync(path.join(OUT, 'places.json.gz'), placesFile);
writeFileSync(path.join(OUT, 'walk-graph.json.gz'), graphFile);
const byKind: Record<string, number> = {};
for (const p of places) byKind[p.kind] = (byKind[p.kind] ?? 0) + 1;
console.log(`places: ${places.length} (${JSON.stringify(byKind)}), ${(placesFile.length / 1024).toFixed(0)} KB`);
console.log(`walk graph: ${graph.nodeCount} nodes, ${graphWays.length} ways, ${(graphFile.length / 1024).toFixed(0)} KB`);
