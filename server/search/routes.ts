/**
 * /search/api: place lookup of spec 1 §7 served from our own gazetteer (US only, spec 1 §5), the
 * reverse lookup behind "Use Current Location" and the walking matrix of spec 1 §4. Public, like
 * the locations and rates reads: a visitor searches before signing in. Every input is validated
 * (400 with a message); an unknown place is a 404.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import {
  AUTOCOMPLETE_MAX_INPUT_LENGTH,
  AUTOCOMPLETE_MAX_RESULTS,
  DEFAULT_MAP_CENTRE,
  type EventAutocomplete,
  type PlaceAutocomplete,
  walkingMatrixRequestSchema,
} from '../../src/contract/search.ts';
import type { Deps } from '../deps.ts';
import { type PreparedJson, prepareJson, sendPreparedJson } from '../lib/http-cache.ts';
import { HttpError } from '../lib/http-error.ts';
import { validate } from '../lib/validate.ts';
import { AnswerCache, autocompleteAnswerKey, snapCentre } from './answer-cache.ts';
import { isInUnitedStates } from './geo.ts';
import { normalizeSearchText } from './normalize.ts';
import { placeIndexOf } from './place-index-source.ts';
import { autocompleteEvents, findPlace, nearestPlace } from './queries.ts';
import { loadStreetGraph, type StreetGraph, walkingMatrix } from './walking.ts';

export const PLACE_NOT_FOUND = 'This place was not found. Search for it again.';
export const OUTSIDE_COVERAGE = 'We could not name a place near your location: our map covers New York City and northern New Jersey.';
export const NOT_IN_US = 'must be a point in the United States';

const inputSchema = v.pipe(
  v.string('input is required'),
  v.trim(),
  v.minLength(1, 'input must not be empty'),
  v.maxLength(AUTOCOMPLETE_MAX_INPUT_LENGTH, `input must be at most ${AUTOCOMPLETE_MAX_INPUT_LENGTH} characters`),
);

/** A coordinate in a query string: a plain decimal number ("40.7506", "-73.99"), nothing else. */
const coordinate = (name: string, min: number, max: number) =>
  v.pipe(
    v.string(`${name} is required`),
    v.regex(/^-?\d{1,3}(\.\d{1,12})?$/, `${name} must be a decimal number`),
    v.transform(Number),
    v.minValue(min, `${name} must be between ${min} and ${max}`),
    v.maxValue(max, `${name} must be between ${min} and ${max}`),
  );
const latitude = coordinate('lat', -90, 90);
const longitude = coordinate('lng', -180, 180);

const inUnitedStates = <T extends { lat?: number; lng?: number }>(query: T) =>
  query.lat === undefined || query.lng === undefined || isInUnitedStates({ latitude: query.lat, longitude: query.lng });

const autocompleteQuery = v.pipe(
  v.object({ input: inputSchema, lat: v.optional(latitude), lng: v.optional(longitude) }),
  v.check((query) => (query.lat === undefined) === (query.lng === undefined), 'lat and lng go together: give both or neither'),
  v.check(inUnitedStates, `lat, lng ${NOT_IN_US}`),
);
const eventsQuery = v.object({ input: inputSchema });
const reverseQuery = v.pipe(v.object({ lat: latitude, lng: longitude }), v.check(inUnitedStates, `lat, lng ${NOT_IN_US}`));
/** Every id the seed writes has this form (the API test checks them all). */
export const PLACE_ID_PATTERN = /^[a-z]+-[a-z0-9-]{1,60}$/;
const placeParam = v.object({
  id: v.pipe(v.string(), v.regex(PLACE_ID_PATTERN, 'must be a place id from the autocomplete, e.g. osm-n123')),
});
const placeQuery = v.object({ sessionToken: v.optional(v.pipe(v.string(), v.maxLength(200, 'sessionToken must be at most 200 characters'))) });
const walkingBody = v.pipe(
  walkingMatrixRequestSchema,
  v.check((body) => [body.origin, ...body.destinations].every(isInUnitedStates), `origin and destinations ${NOT_IN_US}`),
);

const ANSWERS_KEPT = 5_000;
const ANSWER_TTL_MS = 10 * 60_000;

/** Gazetteer answers change only with a new seed: a browser may reuse one for a few minutes. */
const PLACES_CACHE = 'public, max-age=300';

/** "New York Knicks vs. Boston Celtics" → "new-york-knicks-vs-boston-celtics". */
export function eventSlug(name: string): string {
  return name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

export function createSearchApi({ db, now }: Deps) {
  let graph: StreetGraph | undefined;
  // Read once, on the first walking request (~0.2 s), then shared by every request of the process.
  const streets = () => (graph ??= loadStreetGraph());
  // Kept serialised with their ETag (http-cache.ts), so a repeated keystroke costs no JSON or hashing.
  const answers = new AnswerCache<PreparedJson>(ANSWERS_KEPT, ANSWER_TTL_MS);

  return new Hono()
    .get('/poi/autocomplete', validate('query', autocompleteQuery), async (c) => {
      const query = c.req.valid('query');
      const centre = snapCentre(query.lat !== undefined && query.lng !== undefined ? { latitude: query.lat, longitude: query.lng } : DEFAULT_MAP_CENTRE);
      const normalized = normalizeSearchText(query.input);
      // Served from the in-memory index (place-index.ts), ranked as queries.ts's autocompletePlaces.
      const { index, generation } = await placeIndexOf(db).current();
      const key = `${generation}|${autocompleteAnswerKey(normalized, centre)}`;
      const at = Date.now();
      let answer = answers.get(key, at);
      if (!answer) {
        // Typos trigrams cannot forgive ("time sqare") get one more try, corrected (spelling.ts).
        const results = index.autocompleteForgiving(normalized, centre, AUTOCOMPLETE_MAX_RESULTS);
        // 'fast' compression: brotli's best effort costs ~1.8 ms of CPU on a 1.3 KB answer for 3 bytes less.
        answer = prepareJson({ results } satisfies PlaceAutocomplete, 'fast');
        answers.set(key, answer, at);
      }
      return sendPreparedJson(c, answer, new Headers({ 'Cache-Control': PLACES_CACHE }));
    })
    .get('/poi/events/autocomplete', validate('query', eventsQuery), async (c) => {
      const typed = c.req.valid('query').input.toLowerCase();
      const rows = await autocompleteEvents(db, typed, now(), AUTOCOMPLETE_MAX_RESULTS);
      const results = rows.map((row) => ({
        id: row.event_id,
        name: row.event_name,
        venueName: row.venue_name,
        startsAt: row.start_time_utc.toISOString(),
        latitude: row.latitude,
        longitude: row.longitude,
        slug: eventSlug(row.event_name),
      }));
      return c.json({ results } satisfies EventAutocomplete);
    })
    .get('/poi/reverse', validate('query', reverseQuery), async (c) => {
      const { lat, lng } = c.req.valid('query');
      const place = await nearestPlace(db, { latitude: lat, longitude: lng });
      if (!place) throw new HttpError(404, OUTSIDE_COVERAGE);
      c.header('Cache-Control', PLACES_CACHE);
      return c.json(place);
    })
    .get('/poi/:id', validate('param', placeParam), validate('query', placeQuery), async (c) => {
      // sessionToken groups a visitor's keystrokes for a billed maps service; our own gazetteer has no use for it.
      const place = await findPlace(db, c.req.valid('param').id);
      if (!place) throw new HttpError(404, PLACE_NOT_FOUND);
      c.header('Cache-Control', PLACES_CACHE);
      return c.json(place);
    })
    .post('/walking-matrix', validate('json', walkingBody), (c) => {
      const { origin, destinations } = c.req.valid('json');
      return c.json({ results: walkingMatrix(streets(), origin, destinations) });
    });
}
