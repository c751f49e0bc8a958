import { describe, expect, it } from 'vitest';
import type { PlaceKind } from '../../src/contract/search.ts';
import { houseNumberOf } from './seed.ts';
import { normalizeSearchText } from './normalize.ts';
import { type IndexedPlace, PlaceIndex, type PlaceName, roundToTenths } from './place-index.ts';

type Row = [id: string, name: string, kind: PlaceKind, importance: number, latitude: number, longitude: number, altNames?: string[]];

/** A small gazetteer, its names normalised and split as the seed writes them. */
function indexOf(rows: Row[]): PlaceIndex {
  const places: IndexedPlace[] = rows.map(([id, name, kind, importance, latitude, longitude]) => ({ id, name, secondary: '', kind, importance, latitude, longitude }));
  const names: PlaceName[] = rows.flatMap(([id, name, kind, , , , altNames = []]) =>
    [...new Set([name, ...altNames].map(normalizeSearchText))].map((searchName) => ({ placeId: id, searchName, houseNumber: houseNumberOf(kind, searchName) })),
  );
  return new PlaceIndex(places, names);
}

const MIDTOWN = { latitude: 40.75, longitude: -73.99 };
const ids = (index: PlaceIndex, typed: string, centre = MIDTOWN) => index.autocomplete(normalizeSearchText(typed), centre, 8).map((place) => place.id);

const GAZETTEER: Row[] = [
  ['penn', 'New York Penn Station', 'station', 100, 40.7506, -73.9935, ['Penn Station', 'Pennsylvania Station']],
  ['penn-ave', 'Pennsylvania Avenue', 'street', 45, 40.66, -73.89],
  ['pen-shop', 'Pen Shop', 'place', 25, 40.74, -73.99],
  ['journal', 'Journal Square', 'station', 80, 40.7331, -74.0628],
  ['journal-plaza', 'Journal Square Plaza', 'landmark', 60, 40.733, -74.063],
  ['madison', 'Madison Square Garden', 'venue', 90, 40.7505, -73.9934],
  ['madison-nj', 'Madison', 'city', 45, 40.7598, -74.4171],
  ['hotel-penn', 'Hotel Pennsylvania', 'landmark', 60, 40.7496, -73.9912],
  ['madison-park', 'Madison Square Park', 'landmark', 60, 40.7424, -73.9881],
  ['chelsea-nyc', 'Chelsea', 'neighbourhood', 65, 40.7465, -74.0014],
  ['chelsea-si', 'Chelsea', 'neighbourhood', 65, 40.594, -74.189],
  ['addr-350', '350 5th Avenue', 'address', 30, 40.7484, -73.9857],
  ['addr-351', '351 5th Avenue', 'address', 30, 40.7486, -73.9855],
  ['london-penn', 'Penn Station', 'station', 100, 51.5, -0.12],
];
const index = indexOf(GAZETTEER);

describe('PlaceIndex.autocomplete', () => {
  it('suggests names that start with the text from one letter on, and only those under three letters', () => {
    // "Penn Station", another name of New York Penn Station, starts with p too; the hub (100) comes first.
    expect(ids(index, 'P')).toEqual(['penn', 'penn-ave', 'pen-shop']);
    expect(ids(index, 'pe')).toEqual(ids(index, 'P'));
    // From three letters a word inside the name matches too (word similarity); under three it does not.
    expect(ids(index, 'pen')).toContain('hotel-penn');
    expect(ids(index, 'pe')).not.toContain('hotel-penn');
    expect(ids(index, 'jour')).toEqual(['journal', 'journal-plaza']);
    expect(ids(index, 'x')).toEqual([]);
  });

  it('forgives typos through trigrams: "pen station" is Penn Station', () => {
    expect(ids(index, 'pen station')[0]).toBe('penn');
    expect(ids(index, 'madison sqare garden')[0]).toBe('madison');
    expect(ids(index, 'zzqxj vvkpw')).toEqual([]);
  });

  it('ranks the better match first, then the more important place', () => {
    // Exact name (bonus 0.6) before a name that starts with it (0.3), whatever their importance.
    expect(ids(index, 'Journal Square')).toEqual(['journal', 'journal-plaza']);
    expect(ids(index, 'Journal Square Plaza')[0]).toBe('journal-plaza');
    // The town called exactly Madison (45) before the Garden (90), whose name only starts with it.
    expect(ids(index, 'Madison').slice(0, 2)).toEqual(['madison-nj', 'madison']);
    // Same match quality ("madison square" starts both names): the venue (90) before the park (60).
    expect(ids(index, 'madison square').slice(0, 2)).toEqual(['madison', 'madison-park']);
  });

  it('breaks a tie of match and importance by the distance from the map centre', () => {
    expect(ids(index, 'Chelsea', MIDTOWN)).toEqual(['chelsea-nyc', 'chelsea-si']);
    expect(ids(index, 'Chelsea', { latitude: 40.6, longitude: -74.19 })).toEqual(['chelsea-si', 'chelsea-nyc']);
  });

  it('finds addresses only by the house number typed first', () => {
    expect(ids(index, '350 5th Ave')[0]).toBe('addr-350');
    expect(ids(index, '350 5th Ave')).not.toContain('addr-351');
    // Addresses stay out of the name search ("5 ave" finds the avenue's word "ave", not an address).
    expect(ids(index, '5th avenue')).not.toContain('addr-350');
    expect(ids(index, '5th avenue')).not.toContain('addr-351');
  });

  it('never suggests a place outside the United States', () => {
    expect(ids(index, 'Penn Station')).toEqual(['penn']);
    expect(index.stats.places).toBe(GAZETTEER.length - 1);
  });

  it('caps the answer at the limit asked for', () => {
    expect(index.autocomplete('p', MIDTOWN, 1)).toHaveLength(1);
  });
});

describe('roundToTenths', () => {
  it("rounds as PostgreSQL's numeric does, from the float8's 15 significant digits", () => {
    expect(roundToTenths(1 + 0.15)).toBe(12); // 1.15 in decimal; Math.round(1.15 * 10) gives 11
    expect(roundToTenths(0.7857142686843872 + 0.3)).toBe(11);
    expect(roundToTenths(0.75)).toBe(8);
    expect(roundToTenths(0.74)).toBe(7);
    expect(roundToTenths(0)).toBe(0);
  });
});
