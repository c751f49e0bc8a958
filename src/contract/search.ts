/**
 * Place lookup under /search/api (spec 1 §7 "Search (place lookup)", §9): autocomplete of places
 * and events, place details, reverse geocoding for "Use Current Location" and the walking
 * distance matrix of spec 1 §4. Pure valibot, shared by the server (validates queries and
 * bodies) and the client (parses every response). Served from our own gazetteer, US only.
 */
import * as v from 'valibot';

/** Most suggestions one autocomplete answer carries. */
export const AUTOCOMPLETE_MAX_RESULTS = 8;
/** Longest text the search box may send; anything longer is a 400, not a slow query. */
export const AUTOCOMPLETE_MAX_INPUT_LENGTH = 100;
/** Spec 1 §4/§9: "Origins are sent to the maps service in chunks of 24." */
export const WALKING_MATRIX_CHUNK_SIZE = 24;
/** Spec 1 §9 "Default map centre". */
export const DEFAULT_MAP_CENTRE = { latitude: 40.785091, longitude: -73.968285 } as const;

/**
 * What a place is, strongest first in the ranking: transit hubs and venues before neighbourhoods,
 * before streets. `garage` is one of our own locations (its address); `address` a numbered house.
 */
export const PLACE_KINDS = ['station', 'venue', 'landmark', 'neighbourhood', 'street', 'address', 'garage', 'city', 'place'] as const;
export type PlaceKind = (typeof PLACE_KINDS)[number];

const latitudeSchema = v.pipe(v.number(), v.finite(), v.minValue(-90), v.maxValue(90));
const longitudeSchema = v.pipe(v.number(), v.finite(), v.minValue(-180), v.maxValue(180));

/** One place: a suggestion, the answer of GET /search/api/poi/{id} and of the reverse lookup. */
export const placeSchema = v.object({
  /** Opaque, stable across restarts of one seed (e.g. "osm-n123456", "gn-5128581", "loc-1044"). */
  id: v.string(),
  name: v.string(),
  /** The line under the name: street and area, or "Jersey City, NJ". */
  secondary: v.string(),
  kind: v.picklist(PLACE_KINDS),
  latitude: latitudeSchema,
  longitude: longitudeSchema,
});
export type Place = v.InferOutput<typeof placeSchema>;

/** GET /search/api/poi/autocomplete?input=&lat=&lng= (at most 8, best first). */
export const placeAutocompleteSchema = v.object({ results: v.array(placeSchema) });
export type PlaceAutocomplete = v.InferOutput<typeof placeAutocompleteSchema>;

/** One upcoming event that matches the typed text (spec 1 §3 "Event prediction"). */
export const eventPredictionSchema = v.object({
  /** The rates service's eventId: /search/event/{id}/{slug} and GET /rates/api/events/{id}. */
  id: v.number(),
  name: v.string(),
  venueName: v.string(),
  /** ISO 8601 UTC, e.g. "2026-11-23T19:00:00.000Z". */
  startsAt: v.string(),
  latitude: latitudeSchema,
  longitude: longitudeSchema,
  /** URL-safe name for /search/event/{id}/{slug}. */
  slug: v.string(),
});
export type EventPrediction = v.InferOutput<typeof eventPredictionSchema>;

/** GET /search/api/poi/events/autocomplete?input= (upcoming events only, soonest first among equal matches). */
export const eventAutocompleteSchema = v.object({ results: v.array(eventPredictionSchema) });
export type EventAutocomplete = v.InferOutput<typeof eventAutocompleteSchema>;

const pointSchema = v.object({ latitude: latitudeSchema, longitude: longitudeSchema });
/** The caller's own key for a destination (a locationId), echoed back in the answer. */
const destinationIdSchema = v.union([
  v.pipe(v.number('id must be a number or a text'), v.finite()),
  v.pipe(v.string(), v.maxLength(64, 'id must be at most 64 characters')),
]);

/** POST /search/api/walking-matrix: one origin (the search point) to up to 24 garages. */
export const walkingMatrixRequestSchema = v.object({
  origin: pointSchema,
  destinations: v.pipe(
    v.array(v.object({ id: destinationIdSchema, latitude: latitudeSchema, longitude: longitudeSchema })),
    v.minLength(1, 'destinations must list at least one place'),
    v.maxLength(WALKING_MATRIX_CHUNK_SIZE, `destinations must list at most ${WALKING_MATRIX_CHUNK_SIZE} places a request`),
  ),
});
export type WalkingMatrixRequest = v.InferOutput<typeof walkingMatrixRequestSchema>;

/**
 * How a walk was measured: `street-graph` is a shortest path over the OSM streets of the
 * extract; `detour-factor` is the straight-line distance times the documented factor, used where
 * the extract has no streets (server/search/README.md).
 */
export const WALKING_METHODS = ['street-graph', 'detour-factor'] as const;
export type WalkingMethod = (typeof WALKING_METHODS)[number];

export const walkingLegSchema = v.object({
  id: v.union([v.number(), v.string()]),
  meters: v.number(),
  seconds: v.number(),
  method: v.picklist(WALKING_METHODS),
});
export type WalkingLeg = v.InferOutput<typeof walkingLegSchema>;

/** The answer, one leg per destination in the order asked. */
export const walkingMatrixSchema = v.object({ results: v.array(walkingLegSchema) });
export type WalkingMatrix = v.InferOutput<typeof walkingMatrixSchema>;
