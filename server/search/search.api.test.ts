import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventSchema } from '../../src/contract/rates.ts';
import {
  eventAutocompleteSchema,
  placeAutocompleteSchema,
  placeSchema,
  walkingMatrixSchema,
  WALKING_MATRIX_CHUNK_SIZE,
} from '../../src/contract/search.ts';
import { seedIfEmpty } from '../db/seed.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { geodesicMeters, type Point } from './geo.ts';
import { REAL_QUERIES } from './real-queries.ts';
import { snapCentre } from './answer-cache.ts';
import { normalizeSearchText } from './normalize.ts';
import { placeIndexOf } from './place-index-source.ts';
import { autocompletePlaces } from './queries.ts';
import { OUTSIDE_COVERAGE, PLACE_ID_PATTERN, PLACE_NOT_FOUND } from './routes.ts';
import { typingSessions } from './typing-sessions.ts';
import { DETOUR_FACTOR } from './walking.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const autocomplete = async (input: string, centre?: Point) => {
  const near = centre ? `&lat=${centre.latitude}&lng=${centre.longitude}` : '';
  const response = await t.request(`/search/api/poi/autocomplete?input=${encodeURIComponent(input)}${near}`);
  expect(response.status, input).toBe(200);
  return v.parse(placeAutocompleteSchema, await response.json()).results;
};
const walk = (json: unknown) => t.request('/search/api/walking-matrix', { method: 'POST', json });
const messageOf = async (response: Response) => ((await response.json()) as { message: string }).message;

describe('GET /search/api/poi/autocomplete: real searches', () => {
  it(`finds each of ${REAL_QUERIES.length} real places within 400 m of where it really is, in the top 3`, async () => {
    expect(REAL_QUERIES.length).toBeGreaterThanOrEqual(30);
    const misses: string[] = [];
    for (const query of REAL_QUERIES) {
      const results = await autocomplete(query.input);
      expect(results.length).toBeLessThanOrEqual(8);
      const top3 = results.slice(0, 3).map((place) => Math.round(geodesicMeters(place, query)));
      if (!top3.some((meters) => meters <= 400)) {
        misses.push(`"${query.input}" (${query.what}): top 3 ${results.slice(0, 3).map((p, i) => `${p.name} ${top3[i]} m`).join(', ') || 'none'}`);
      }
    }
    expect(misses).toEqual([]);
  });

  it('puts the better match first, then the more important place, then the nearer one', async () => {
    // Exact name beats a longer name that contains it.
    expect((await autocomplete('Journal Square'))[0]).toMatchObject({ name: 'Journal Square', kind: 'station' });
    // Two places called Chelsea (Manhattan, Staten Island): the one near the map centre first.
    const fromStatenIsland = await autocomplete('Chelsea', { latitude: 40.6, longitude: -74.19 });
    const fromMidtown = await autocomplete('Chelsea', { latitude: 40.7484, longitude: -73.9857 });
    expect(fromStatenIsland[0]!.secondary).toContain('Staten Island');
    expect(fromMidtown[0]!.secondary).not.toContain('Staten Island');
    expect(geodesicMeters(fromMidtown[0]!, { latitude: 40.7465, longitude: -74.0014 })).toBeLessThan(1000);
  });

  it('suggests while a word is half typed, and from one letter on', async () => {
    expect((await autocomplete('barcl'))[0]).toMatchObject({ name: 'Barclays Center', kind: 'venue' });
    expect((await autocomplete('secauc')).map((p) => p.name)).toContain('Secaucus Junction');
    const one = await autocomplete('p');
    expect(one.length).toBeGreaterThan(0);
    // A place may match by another of its names ("P.S. 234" for a school), so not every name starts with p.
    expect(one.filter((place) => /^p/i.test(place.name)).length).toBeGreaterThan(one.length / 2);
  });

  it('lists our own garages by their address with the lot code', async () => {
    const [garage] = await autocomplete('123 W 44th St');
    expect(garage).toMatchObject({ id: 'loc-1044', kind: 'garage', name: '123 W 44th St' });
    expect(garage!.secondary).toContain('1044');
  });

  it('answers an empty list for text that names nothing', async () => {
    expect(await autocomplete('zzqxj vvkpw')).toEqual([]);
    expect(await autocomplete('!!!')).toEqual([]);
  });
});

describe('GET /search/api/poi/autocomplete: what drivers type (issue 38)', () => {
  it('finds a New York or New Jersey ZIP code first, at its area, before a street number that resembles it', async () => {
    const [times] = await autocomplete('10036');
    expect(times).toMatchObject({ id: 'zip-10036', name: '10036', kind: 'place', secondary: 'ZIP code · New York, NY' });
    expect(geodesicMeters(times!, { latitude: 40.759, longitude: -73.99 })).toBeLessThan(1500); // Midtown West, around Times Square
    const [jerseyCity] = await autocomplete('07302', { latitude: 40.72, longitude: -74.04 });
    expect(jerseyCity).toMatchObject({ id: 'zip-07302', name: '07302', secondary: 'ZIP code · Jersey City, NJ' });
    // "1001 Sixth Avenue" was the only answer to 10001: the ZIP code now comes first.
    expect((await autocomplete('10001'))[0]).toMatchObject({ id: 'zip-10001', name: '10001' });
    // A house number with its street is still an address, not a ZIP code.
    expect((await autocomplete('123 W 44th St'))[0]).toMatchObject({ id: 'loc-1044' });
  });

  it('forgives a typo trigrams cannot ("Time Sqare"), and still finds nothing for nonsense', async () => {
    const names = (await autocomplete('Time Sqare')).map((place) => place.name);
    expect(names.slice(0, 3).some((name) => /times sq/i.test(name))).toBe(true);
    expect((await autocomplete('Barclys Center'))[0]).toMatchObject({ name: 'Barclays Center' });
    expect(await autocomplete('zzqxj vvkpw')).toEqual([]);
  });
});

describe('the in-memory place index (place-index.ts) against the pg_trgm SQL (queries.ts)', () => {
  it('answers what visitors type exactly as the SQL ranks it: same places, same order', async () => {
    // Names people look for: the real searches, and a spread of the gazetteer's places, addresses included.
    const gazetteer = await t.db.query<{ name: string }>(`select name from places where abs(hashtext(place_id)) % 150 = 0 order by place_id`);
    const names = [...REAL_QUERIES.map((query) => query.input), ...gazetteer.map((row) => row.name)];
    const typed = [...new Set(typingSessions(names, { sessions: 45, seed: 17 }).flat().map(normalizeSearchText))].filter(Boolean).slice(0, 320);
    expect(typed.length).toBeGreaterThan(250);
    const centres = [{ latitude: 40.7506, longitude: -73.9935 }, { latitude: 40.692, longitude: -73.99 }, { latitude: 40.735, longitude: -74.172 }];
    const { index } = await placeIndexOf(t.db).current();
    const differences: string[] = [];
    let answered = 0;
    for (const [n, text] of typed.entries()) {
      const centre = snapCentre(centres[n % centres.length]!);
      const fromSql = await autocompletePlaces(t.db, text, centre, 8);
      const fromIndex = index.autocomplete(text, centre, 8);
      if (fromSql.length > 0) answered += 1;
      if (JSON.stringify(fromIndex) !== JSON.stringify(fromSql)) {
        differences.push(`"${text}": SQL ${fromSql.map((p) => p.id).join(' ')} | index ${fromIndex.map((p) => p.id).join(' ')}`);
      }
    }
    expect(differences).toEqual([]);
    expect(answered).toBeGreaterThan(typed.length * 0.8); // most keystrokes find something: the comparison is not of empty lists
  }, 120_000);
});

describe('GET /search/api/poi/{id}', () => {
  it('returns the suggestion it was given, whatever the session token', async () => {
    const [first] = await autocomplete('Madison Square Garden');
    const response = await t.request(`/search/api/poi/${first!.id}?sessionToken=8f14e45f-ceea-467f-a0e1-6b2f0c2a1e7d`);
    expect(response.status).toBe(200);
    expect(v.parse(placeSchema, await response.json())).toEqual(first);
  });

  it('accepts the id of every place in the gazetteer', async () => {
    const ids = (await t.db.query<{ place_id: string }>('select place_id from places')).map((row) => row.place_id);
    expect(ids.length).toBeGreaterThan(25_000);
    expect(ids.filter((id) => !PLACE_ID_PATTERN.test(id))).toEqual([]);
    const neighbourhood = ids.find((id) => id.startsWith('nta-'));
    expect((await t.request(`/search/api/poi/${neighbourhood}`)).status).toBe(200);
  });

  it('answers 404 with a message for an unknown place, 400 for something that is not a place id', async () => {
    const unknown = await t.request('/search/api/poi/osm-n1');
    expect(unknown.status).toBe(404);
    expect(await messageOf(unknown)).toBe(PLACE_NOT_FOUND);
    for (const bad of ['DROP%20TABLE', 'osm-' + 'x'.repeat(80), '%E2%80%AE']) {
      const response = await t.request(`/search/api/poi/${bad}`);
      expect(response.status, bad).toBe(400);
      expect(await messageOf(response)).toMatch(/place id/);
    }
  });
});

describe('GET /search/api/poi/reverse', () => {
  it('names the nearest place to a position in the city', async () => {
    const at = { latitude: 40.75058, longitude: -73.99358 }; // inside Penn Station
    const response = await t.request(`/search/api/poi/reverse?lat=${at.latitude}&lng=${at.longitude}`);
    expect(response.status).toBe(200);
    const place = v.parse(placeSchema, await response.json());
    expect(place.kind).not.toBe('city');
    expect(geodesicMeters(place, at)).toBeLessThan(150);
  });

  it('names the town where nothing closer is known, and says so outside the covered area', async () => {
    const paterson = await t.request('/search/api/poi/reverse?lat=40.9168&lng=-74.1718');
    expect(paterson.status).toBe(200);
    expect(v.parse(placeSchema, await paterson.json())).toMatchObject({ name: 'Paterson', kind: 'city' });
    // At a ZIP code's own point, the place is still named, not the ZIP code.
    const atZip = await t.request('/search/api/poi/reverse?lat=40.7221&lng=-74.0469');
    expect(v.parse(placeSchema, await atZip.json()).id).not.toMatch(/^zip-/);
    const kansas = await t.request('/search/api/poi/reverse?lat=38.5&lng=-98.0');
    expect(kansas.status).toBe(404);
    expect(await messageOf(kansas)).toBe(OUTSIDE_COVERAGE);
  });
});

describe('GET /search/api/poi/events/autocomplete', () => {
  it('finds upcoming events by team or venue, with what the event page needs', async () => {
    const response = await t.request('/search/api/poi/events/autocomplete?input=knicks');
    expect(response.status).toBe(200);
    const [knicks] = v.parse(eventAutocompleteSchema, await response.json()).results;
    expect(knicks).toMatchObject({ name: 'New York Knicks vs. Boston Celtics', venueName: 'Madison Square Garden', slug: 'new-york-knicks-vs-boston-celtics' });
    expect(knicks!.startsAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    // The id is the rates service's event.
    const event = v.parse(eventSchema, await (await t.request(`/rates/api/events/${knicks!.id}`)).json());
    expect(event).toMatchObject({ eventName: knicks!.name, startTimeUtc: knicks!.startsAt, latitude: knicks!.latitude, longitude: knicks!.longitude });

    const atPrudential = v.parse(eventAutocompleteSchema, await (await t.request('/search/api/poi/events/autocomplete?input=prudential')).json()).results;
    expect(atPrudential.map((e) => e.venueName)).toEqual(['Prudential Center', 'Prudential Center']);
    expect(atPrudential[0]!.startsAt < atPrudential[1]!.startsAt).toBe(true);
    const misspelt = v.parse(eventAutocompleteSchema, await (await t.request('/search/api/poi/events/autocomplete?input=rockettes')).json()).results;
    expect(misspelt[0]?.venueName).toBe('Radio City Music Hall');
  });

  it('leaves out events that have ended', async () => {
    const before = t.clock.now;
    t.clock.now = new Date(before.getTime() + 3 * 86_400_000);
    try {
      const results = v.parse(eventAutocompleteSchema, await (await t.request('/search/api/poi/events/autocomplete?input=knicks')).json()).results;
      expect(results).toEqual([]);
    } finally {
      t.clock.now = before;
    }
  });
});

describe('POST /search/api/walking-matrix', () => {
  const pennStation = { latitude: 40.7506, longitude: -73.9935 };
  const empireState = { latitude: 40.7484, longitude: -73.9857 };
  const bryantPark = { latitude: 40.7536, longitude: -73.9832 };
  // Either side of the East River: the walk must go over the Brooklyn Bridge.
  const brooklynBridgePark = { latitude: 40.7021, longitude: -73.9963 };
  const southStreetSeaport = { latitude: 40.7063, longitude: -74.0036 };
  const newarkPenn = { latitude: 40.7347, longitude: -74.1644 };
  const prudential = { latitude: 40.7334, longitude: -74.1711 };

  it('walks the streets where the extract has them', async () => {
    const response = await walk({ origin: pennStation, destinations: [{ id: 1, ...empireState }, { id: 'bryant', ...bryantPark }] });
    expect(response.status).toBe(200);
    const [midtown, park] = v.parse(walkingMatrixSchema, await response.json()).results;
    expect(midtown).toMatchObject({ id: 1, method: 'street-graph' });
    // At least the Manhattan-grid distance (~800 m along the avenues and streets), under 1.3 km.
    expect(midtown!.meters).toBeGreaterThan(geodesicMeters(pennStation, empireState) * 1.1);
    expect(midtown!.meters).toBeLessThan(1300);
    expect(midtown!.seconds).toBeGreaterThan(midtown!.meters / 2);
    expect(park).toMatchObject({ id: 'bryant', method: 'street-graph' });
  });

  it('falls back to the detour factor across the gap between the two street areas (~9th–14th St)', async () => {
    const [leg] = v.parse(walkingMatrixSchema, await (await walk({ origin: pennStation, destinations: [{ id: 1, ...southStreetSeaport }] })).json()).results;
    expect(leg).toEqual({ id: 1, meters: Math.round(geodesicMeters(pennStation, southStreetSeaport) * DETOUR_FACTOR), seconds: expect.any(Number), method: 'detour-factor' });
  });

  it('crosses the river only by a bridge: far more than the straight line', async () => {
    const [leg] = v.parse(walkingMatrixSchema, await (await walk({ origin: brooklynBridgePark, destinations: [{ id: 1, ...southStreetSeaport }] })).json()).results;
    const straight = geodesicMeters(brooklynBridgePark, southStreetSeaport);
    expect(leg!.method).toBe('street-graph');
    expect(leg!.meters).toBeGreaterThan(2 * straight);
    expect(leg!.meters).toBeGreaterThan(DETOUR_FACTOR * straight * 1.5);
  });

  it('uses the straight line times the detour factor where there are no streets', async () => {
    const results = v.parse(walkingMatrixSchema, await (await walk({ origin: newarkPenn, destinations: [{ id: 7, ...prudential }] })).json()).results;
    expect(results).toEqual([{ id: 7, meters: Math.round(geodesicMeters(newarkPenn, prudential) * DETOUR_FACTOR), seconds: expect.any(Number), method: 'detour-factor' }]);
    const mixed = v.parse(walkingMatrixSchema, await (await walk({ origin: pennStation, destinations: [{ id: 1, ...newarkPenn }] })).json()).results;
    expect(mixed[0]!.method).toBe('detour-factor');
  });

  it(`takes ${WALKING_MATRIX_CHUNK_SIZE} destinations a request and refuses more`, async () => {
    const destinations = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i, latitude: 40.75 + i * 0.001, longitude: -73.99 }));
    const full = await walk({ origin: pennStation, destinations: destinations(WALKING_MATRIX_CHUNK_SIZE) });
    expect(full.status).toBe(200);
    expect(v.parse(walkingMatrixSchema, await full.json()).results.map((leg) => leg.id)).toEqual(destinations(24).map((d) => d.id));
    const over = await walk({ origin: pennStation, destinations: destinations(WALKING_MATRIX_CHUNK_SIZE + 1) });
    expect(over.status).toBe(400);
    expect(await messageOf(over)).toContain('at most 24');
  });

  it('answers 400 with a message for bad bodies', async () => {
    for (const body of [
      {},
      { origin: pennStation, destinations: [] },
      { origin: { latitude: 'abc', longitude: -73.99 }, destinations: [{ id: 1, ...empireState }] },
      { origin: { latitude: 95, longitude: -73.99 }, destinations: [{ id: 1, ...empireState }] },
      { origin: { latitude: 51.5074, longitude: -0.1278 }, destinations: [{ id: 1, ...empireState }] },
      { origin: pennStation, destinations: [{ id: { a: 1 }, ...empireState }] },
    ]) {
      const response = await walk(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await messageOf(response)).toMatch(/^Invalid request body: /);
    }
  });
});

describe('bad input to the place search', () => {
  it.each([
    ['/search/api/poi/autocomplete', /input.*undefined/],
    ['/search/api/poi/autocomplete?input=%20%20', /input must not be empty/],
    [`/search/api/poi/autocomplete?input=${'a'.repeat(101)}`, /at most 100 characters/],
    ['/search/api/poi/autocomplete?input=penn&lat=40.75', /lat and lng go together/],
    ['/search/api/poi/autocomplete?input=penn&lat=NaN&lng=-73.99', /lat must be a decimal number/],
    ['/search/api/poi/autocomplete?input=penn&lat=1e3&lng=-73.99', /lat must be a decimal number/],
    ['/search/api/poi/autocomplete?input=penn&lat=51.5074&lng=-0.1278', /United States/],
    ['/search/api/poi/autocomplete?input=pe%00nn', /NUL/],
    ['/search/api/poi/events/autocomplete?input=', /input must not be empty/],
    ['/search/api/poi/reverse?lat=40.75', /lng.*undefined/],
    ['/search/api/poi/reverse?lat=0&lng=0', /United States/],
    ['/search/api/poi/reverse?lat=Infinity&lng=-73.99', /lat must be a decimal number/],
  ])('GET %s → 400', async (url, message) => {
    const response = await t.request(url);
    expect(response.status).toBe(400);
    expect(await messageOf(response)).toMatch(message);
  });
});

describe('the gazetteer on a database seeded before it existed', () => {
  it('is seeded at the next start, once', async () => {
    const count = async () => (await t.db.query<{ n: number }>('select count(*)::int as n from places'))[0]!.n;
    const before = await count();
    await t.db.query('delete from place_names');
    await t.db.query('delete from places');
    expect(await seedIfEmpty(t.db, t.clock.now)).toBe(false); // the garages were there: not a first start
    expect(await count()).toBe(before);
    await seedIfEmpty(t.db, t.clock.now);
    expect(await count()).toBe(before);
    expect((await t.request('/search/api/poi/loc-1044')).status).toBe(200);
  });

  it('gets the ZIP codes at the next start when it was seeded before them, once', async () => {
    const zipCount = async () => (await t.db.query<{ n: number }>(`select count(*)::int as n from places where place_id like 'zip-%'`))[0]!.n;
    const zips = await zipCount();
    expect(zips).toBeGreaterThan(2_500); // every NY and NJ ZIP code
    await t.db.query(`delete from place_names where place_id like 'zip-%'`);
    await t.db.query(`delete from places where place_id like 'zip-%'`);
    await seedIfEmpty(t.db, t.clock.now);
    await seedIfEmpty(t.db, t.clock.now);
    expect(await zipCount()).toBe(zips);
    expect((await t.request('/search/api/poi/zip-07302')).status).toBe(200);
  });
});

describe('the place index when the gazetteer changes', () => {
  it('is rebuilt from the tables, and answers with the new place', async () => {
    const source = placeIndexOf(t.db);
    const before = await source.refresh(); // settles any earlier change (the reseed above)
    expect(await autocomplete('Zebulon Quarry Yard')).toEqual([]);
    await t.db.query(`insert into places (place_id, name, secondary, kind, importance, latitude, longitude) values ('test-zebulon', 'Zebulon Quarry Yard', 'Brooklyn, NY', 'landmark', 60, 40.69, -73.98)`);
    await t.db.query(`insert into place_names (place_id, search_name, house_number) values ('test-zebulon', 'zebulon quarry yard', null)`);
    const after = await source.refresh();
    expect(after.generation).toBe(before.generation + 1);
    expect((await autocomplete('zebulon quary'))[0]).toMatchObject({ id: 'test-zebulon', name: 'Zebulon Quarry Yard' });
    // Unchanged tables: no rebuild.
    expect((await source.refresh()).generation).toBe(after.generation);
    await t.db.query(`delete from place_names where place_id = 'test-zebulon'`);
    await t.db.query(`delete from places where place_id = 'test-zebulon'`);
    await source.refresh();
    expect(await autocomplete('zebulon quary')).toEqual([]);
  });
});
