/**
 * Seeds the gazetteer after the garages and events exist: the places built from the offline map
 * kit (data/places.json.gz, see build-data.ts and README.md), every garage by its address, and
 * every seeded event's venue. Bulk inserts (one statement per table, rows as one JSON value) keep
 * the first start fast: ~28,000 places in well under a second on PGlite.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import type { Db } from '../db/client.ts';
import { geodesicMeters } from './geo.ts';
import { normalizeSearchText } from './normalize.ts';
import type { ZipCodeRow } from './build-zip-codes.ts';
import { type PackedPlace, type PlaceRow, PLACE_IMPORTANCE } from './place-row.ts';

const DATA_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'data');
const PLACES_FILE = path.join(DATA_DIR, 'places.json.gz');
/** New York and New Jersey ZIP codes with a point each (build-zip-codes.ts). */
const ZIP_CODES_FILE = path.join(DATA_DIR, 'zip-codes.json');
/** Below named places of the same match quality: "100" lists "100 Wall Street" before ZIP 10001. */
const ZIP_CODE_IMPORTANCE = 45;

export async function readPackedPlaces(): Promise<PlaceRow[]> {
  const packed = JSON.parse(gunzipSync(await readFile(PLACES_FILE)).toString('utf8')) as PackedPlace[];
  return packed.map(([id, name, secondary, kind, importance, latitude, longitude, altNames]) => ({ id, name, secondary, kind, importance, latitude, longitude, altNames }));
}

/**
 * A ZIP code as a place named by its five digits ("10036", secondary "ZIP code · New York, NY"):
 * the exact name outranks any street number or name that merely resembles it. Kind `place`, so
 * neither the contract nor the table's check changes.
 */
export async function readZipCodePlaces(): Promise<PlaceRow[]> {
  const rows = JSON.parse(await readFile(ZIP_CODES_FILE, 'utf8')) as ZipCodeRow[];
  return rows.map(([zip, town, state, latitude, longitude]) => ({
    id: `zip-${zip}`,
    name: zip,
    secondary: `ZIP code · ${town}, ${state}`,
    kind: 'place',
    importance: ZIP_CODE_IMPORTANCE,
    latitude,
    longitude,
    altNames: [],
  }));
}

type GarageRow = { location_number: string; location_display_text: string; address1: string; city: string; state: string; zip: string; latitude: number; longitude: number };
type VenueRow = { venue_name: string; latitude: number; longitude: number };

/** Our own garages: found by their address, their neighbourhood label and their lot code. */
function garagePlace(g: GarageRow): PlaceRow {
  const neighbourhood = g.location_display_text.split(' – ')[0] ?? '';
  return {
    id: `loc-${g.location_number}`,
    name: g.address1,
    secondary: `ParkFair garage ${g.location_number} · ${neighbourhood ? `${neighbourhood}, ` : ''}${g.city}, ${g.state} ${g.zip}`,
    kind: 'garage',
    importance: PLACE_IMPORTANCE.garage,
    latitude: g.latitude,
    longitude: g.longitude,
    // "85 Hudson St Jersey City" and the garage's own label ("Atlantic Terminal") find it too.
    altNames: [`${g.address1} ${g.city}`, neighbourhood],
  };
}

/** "350 5 ave" → "350" for addresses and garages; null for names ("42 st" is a street, not a house). */
export function houseNumberOf(kind: PlaceRow['kind'], searchName: string): string | null {
  if (kind !== 'address' && kind !== 'garage') return null;
  return /^(\d+[a-z]?) \S/.exec(searchName)?.[1] ?? null;
}

const slug = (text: string) => normalizeSearchText(text).replace(/ /g, '-').replace(/&/g, 'and');

/**
 * Seeds the gazetteer unless it has places: on the first start, and once on an older database.
 * A gazetteer seeded before the ZIP codes existed gets them now (once: they are then found).
 */
export async function seedSearchIfEmpty(tx: Db): Promise<void> {
  const [row] = await tx.query<{ seeded: boolean; has_zip_codes: boolean }>(
    `select exists (select 1 from places) as seeded, exists (select 1 from places where place_id like 'zip-%') as has_zip_codes`,
  );
  if (!row?.seeded) await seedSearch(tx);
  else if (!row.has_zip_codes) await insertPlaces(tx, await readZipCodePlaces());
}

export async function seedSearch(tx: Db): Promise<void> {
  const places = [...(await readPackedPlaces()), ...(await readZipCodePlaces())];
  const garages = await tx.query<GarageRow>('select location_number, location_display_text, address1, city, state, zip, latitude, longitude from locations order by location_id');
  places.push(...garages.map(garagePlace));

  // Event venues the map kit lacks (Barclays Center, Prudential Center…): one place each.
  const venues = await tx.query<VenueRow>('select distinct venue_name, latitude, longitude from events order by venue_name');
  for (const venue of venues) {
    const key = normalizeSearchText(venue.venue_name);
    const known = places.some((p) => normalizeSearchText(p.name) === key && geodesicMeters(p, venue) < 500);
    if (known) continue;
    places.push({ id: `venue-${slug(venue.venue_name)}`, name: venue.venue_name, secondary: 'Arena', kind: 'venue', importance: 90, latitude: venue.latitude, longitude: venue.longitude, altNames: [] });
  }

  await insertPlaces(tx, places);
}

/** Bulk inserts of places and their search names, then fresh statistics. */
async function insertPlaces(tx: Db, places: readonly PlaceRow[]): Promise<void> {
  await tx.query(
    `insert into places (place_id, name, secondary, kind, importance, latitude, longitude)
     select id, name, secondary, kind, importance, latitude, longitude
     from json_to_recordset($1::json) as p(id text, name text, secondary text, kind text, importance smallint, latitude float8, longitude float8)`,
    [JSON.stringify(places.map(({ altNames: _, ...place }) => place))],
  );
  const names = places.flatMap((p) =>
    [...new Set([p.name, ...p.altNames].map(normalizeSearchText).filter(Boolean))].map((name) => [p.id, name, houseNumberOf(p.kind, name)]),
  );
  await tx.query(
    `insert into place_names (place_id, search_name, house_number) select n->>0, n->>1, n->>2 from json_array_elements($1::json) as n`,
    [JSON.stringify(names)],
  );
  // Statistics now, so the first searches are planned on real row counts (PGlite has no autovacuum).
  await tx.query('analyze places');
  await tx.query('analyze place_names');
}
