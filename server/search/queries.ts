/**
 * SQL of the place search. Matching is pg_trgm over the normalised search names: `%` (whole-name
 * similarity) and `<%` (the typed text against the closest run of words: "pen station" in "new
 * york penn station") forgive typos; `like` catches prefixes while a word is half typed.
 * Ranking, in order: match quality (rounded to tenths, so near-equal matches tie), importance of
 * the place (hubs and venues before minor streets), distance from the map centre.
 */
import type { Place, PlaceKind } from '../../src/contract/search.ts';
import type { Db } from '../db/client.ts';
import type { Point } from './geo.ts';

type PlaceDbRow = { place_id: string; name: string; secondary: string; kind: PlaceKind; latitude: number; longitude: number };

const toPlace = (row: PlaceDbRow): Place => ({
  id: row.place_id,
  name: row.name,
  secondary: row.secondary,
  kind: row.kind,
  latitude: row.latitude,
  longitude: row.longitude,
});

/** Below a trigram's length only prefixes can match (a GIN trigram index cannot help). */
const SHORT_INPUT = 3;

/**
 * Squared distance in "latitude degrees" from the centre: cheap, and orders like the real
 * distance at these scales (longitude shrunk by the cosine of the centre's latitude).
 */
const distanceSql = (latitude: string, longitude: string, cosine: string) => `((p.latitude - ${latitude}) ^ 2 + ((p.longitude - ${longitude}) * ${cosine}) ^ 2)`;

/** An address row must share this much of the typed text (word similarity) beyond its house number. */
const ADDRESS_MIN_SIMILARITY = 0.5;

/**
 * The reference for place autocomplete: the API serves the same answers from memory
 * (place-index.ts), and the search API test requires the two to agree, so change both together.
 */
export async function autocompletePlaces(db: Db, normalized: string, centre: Point, limit: number): Promise<Place[]> {
  const cosine = Math.cos((centre.latitude * Math.PI) / 180);
  const houseNumber = /^(\d+[a-z]?) \S/.exec(normalized)?.[1] ?? null;
  const short = normalized.length < SHORT_INPUT;
  const params: unknown[] = [normalized, centre.latitude, centre.longitude, cosine, limit, `${escapeLike(normalized)}%`, `% ${escapeLike(normalized)}%`];
  // PostgreSQL must see every parameter it is sent: the address ones only go with the long form.
  if (!short) params.push(houseNumber, ADDRESS_MIN_SIMILARITY);
  // Named places through the trigram index; addresses only by the house number typed first.
  const candidates =
    short
      ? `select place_id, search_name from place_names where house_number is null and search_name like $6`
      : // Two selects, not one with OR: with OR the planner scans every named row (measured 2× the CPU).
        `select place_id, search_name from place_names where house_number is null and $1 <% search_name
         union
         select place_id, search_name from place_names where house_number is null and search_name like $6
         union all
         select place_id, search_name from place_names
         where house_number = $8 and (word_similarity($1, search_name) >= $9 or search_name like $6)`;
  const rows = await db.query<PlaceDbRow>(
    `with candidates as (${candidates}),
     matched as (
       select c.place_id,
              max(word_similarity($1, c.search_name)
                  + case when c.search_name = $1 then 0.6
                         when c.search_name like $6 then 0.3
                         when c.search_name like $7 then 0.15
                         else 0 end) as quality
       from candidates c
       group by c.place_id
     )
     select p.place_id, p.name, p.secondary, p.kind, p.latitude, p.longitude
     from matched m join places p on p.place_id = m.place_id
     order by round(m.quality::numeric, 1) desc, p.importance desc, ${distanceSql('$2', '$3', '$4')} asc, p.place_id
     limit $5`,
    params,
  );
  return rows.map(toPlace);
}

export async function findPlace(db: Db, id: string): Promise<Place | undefined> {
  const [row] = await db.query<PlaceDbRow>('select place_id, name, secondary, kind, latitude, longitude from places where place_id = $1', [id]);
  return row ? toPlace(row) : undefined;
}

/** About 1.5 km of latitude: a named place this close is "where you are". */
const NEAR_DEGREES = 0.0135;
/** A town or city within ~25 km names a spot with nothing closer (the NJ suburbs). */
const TOWN_DEGREES = 0.225;

/**
 * The nearest named place for "Use Current Location": any place but a town or a ZIP code within ~1.5 km,
 * else the nearest town within ~25 km; undefined outside the area the gazetteer covers.
 */
export async function nearestPlace(db: Db, at: Point): Promise<Place | undefined> {
  const cosine = Math.cos((at.latitude * Math.PI) / 180);
  for (const [degrees, kinds] of [
    // A ZIP code is a point for searching by it, not a name for where one stands ("07509").
    [NEAR_DEGREES, `p.kind <> 'city' and p.place_id not like 'zip-%'`],
    [TOWN_DEGREES, `p.kind = 'city'`],
  ] as const) {
    const [row] = await db.query<PlaceDbRow>(
      `select p.place_id, p.name, p.secondary, p.kind, p.latitude, p.longitude from places p
       where p.latitude between $1::float8 - $4::float8 and $1::float8 + $4::float8
         and p.longitude between $2::float8 - $4::float8 / $3::float8 and $2::float8 + $4::float8 / $3::float8
         and ${kinds} and ${distanceSql('$1', '$2', '$3')} <= $4::float8 ^ 2
       order by ${distanceSql('$1', '$2', '$3')}, p.importance desc, p.place_id limit 1`,
      [at.latitude, at.longitude, cosine, degrees],
    );
    if (row) return toPlace(row);
  }
  return undefined;
}

type EventDbRow = { event_id: number; event_name: string; venue_name: string; start_time_utc: Date; latitude: number; longitude: number };

/**
 * Events that have not ended, matched on their name or venue ("knicks", "prudential"): best
 * match first, the sooner of two equal matches first.
 */
export async function autocompleteEvents(db: Db, typed: string, now: Date, limit: number) {
  const rows = await db.query<EventDbRow>(
    `select event_id, event_name, venue_name, start_time_utc, latitude, longitude,
            greatest(word_similarity($1, lower(event_name)), word_similarity($1, lower(venue_name))) as quality
     from events
     where end_time_utc > $2
       and ($1 <% lower(event_name) or $1 <% lower(venue_name) or lower(event_name) like $3 or lower(venue_name) like $3)
     order by round(greatest(word_similarity($1, lower(event_name)), word_similarity($1, lower(venue_name)))::numeric, 1) desc, start_time_utc, event_id
     limit $4`,
    [typed, now, `%${escapeLike(typed)}%`, limit],
  );
  return rows;
}

/** `like` patterns take the typed text literally. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
