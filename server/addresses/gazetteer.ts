/**
 * The US address gazetteer (data/addresses.json.gz, built by build-data.ts from the OSM extract):
 * house numbers on named streets with their ZIP codes, and the city and state of a ZIP code.
 * Loaded once, on the first lookup, and searched in memory (~28 k addresses on ~900 streets: a
 * linear pass over the street names costs well under a millisecond).
 *
 * One place for ZIP → city/state: a ZIP lookup elsewhere (e.g. search) should use `cityOfZip`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { ADDRESS_SUGGESTIONS_MAX, type AddressSuggestion } from '../../src/contract/addresses.ts';

/** The file: ZIP codes once, then each street with its [house number, ZIP index] pairs. */
export type PackedAddresses = { source: string; zips: string[]; streets: [string, [string, number][]][] };

export type ZipArea = { city: string; state: 'NY' | 'NJ' };

/**
 * City and state of a ZIP code in the service area, by USPS prefix: 100–102 are Manhattan's
 * (mail there is addressed "New York, NY"), 112 Brooklyn's, and the Hudson County towns by code.
 * Undefined outside it: the gazetteer keeps no address it cannot name the city of.
 */
export function cityOfZip(zip: string): ZipArea | undefined {
  const five = zip.slice(0, 5);
  if (!/^\d{5}$/.test(five)) return undefined;
  if (/^10[0-2]/.test(five)) return { city: 'New York', state: 'NY' };
  if (five.startsWith('112')) return { city: 'Brooklyn', state: 'NY' };
  return HUDSON_ZIPS[five];
}

const HUDSON_ZIPS: Record<string, ZipArea> = {
  ...Object.fromEntries(['07302', '07304', '07305', '07306', '07307', '07310', '07311'].map((zip) => [zip, { city: 'Jersey City', state: 'NJ' } as ZipArea])),
  '07030': { city: 'Hoboken', state: 'NJ' },
  '07087': { city: 'Union City', state: 'NJ' },
  '07093': { city: 'West New York', state: 'NJ' },
  '07094': { city: 'Secaucus', state: 'NJ' },
  '07002': { city: 'Bayonne', state: 'NJ' },
  '07047': { city: 'North Bergen', state: 'NJ' },
};

// ---------- Typed text and street names in one comparable form ----------

const WORDS: Record<string, string> = {
  st: 'street', str: 'street', ave: 'avenue', av: 'avenue', blvd: 'boulevard', pl: 'place', rd: 'road', dr: 'drive', ln: 'lane',
  ct: 'court', sq: 'square', pkwy: 'parkway', hwy: 'highway', ter: 'terrace', plz: 'plaza', sl: 'slip', expy: 'expressway',
  w: 'west', e: 'east', n: 'north', s: 'south', ft: 'fort', mt: 'mount',
  first: '1st', second: '2nd', third: '3rd', fourth: '4th', fifth: '5th', sixth: '6th', seventh: '7th', eighth: '8th', ninth: '9th',
  tenth: '10th', eleventh: '11th', twelfth: '12th',
};

function wordsOf(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9 ]+/g, ' ')
    .split(' ')
    .filter(Boolean);
}

/** "W. 42nd St" → "west 42nd street"; a leading "St" is Saint ("St Marks Pl" → "saint marks place"). */
function expand(words: string[]): string {
  return words.map((word, i) => (i === 0 && word === 'st' ? 'saint' : (WORDS[word] ?? word))).join(' ');
}

/** What was typed, read as house number, street text and unit ("350 5th av apt 4b"). */
export function readTypedAddress(input: string): { house: string; street: string; unit: string } {
  let text = input.trim().replace(/\s+/g, ' ');
  let unit = '';
  const unitMatch = /[\s,]+(?:(?:apt|apartment|unit|suite|ste|fl|floor|rm|room)\.?\s*|#\s*)([a-z0-9-]{1,8})$/i.exec(text);
  if (unitMatch) {
    unit = unitMatch[0].replace(/^[\s,]+/, '').replace(/\s+/g, ' ');
    text = text.slice(0, unitMatch.index);
  }
  const houseMatch = /^(\d{1,6}[a-z]?(?:-\d{1,5}[a-z]?)?)(?:\s+|,\s*|$)(.*)$/i.exec(text);
  return houseMatch ? { house: houseMatch[1]!.toUpperCase(), street: houseMatch[2]!.replace(/^,\s*/, ''), unit } : { house: '', street: text, unit };
}

type Street = { name: string; key: string; houses: [string, number][] };

export type AddressGazetteer = {
  /** Up to ADDRESS_SUGGESTIONS_MAX suggestions for the typed text, best first. */
  suggest: (input: string) => AddressSuggestion[];
  addressCount: number;
  streetCount: number;
  zipCount: number;
};

export function createAddressGazetteer(packed: PackedAddresses): AddressGazetteer {
  const streets: Street[] = packed.streets.map(([name, houses]) => ({ name, key: expand(wordsOf(name)), houses }));
  const areas = packed.zips.map((zip) => cityOfZip(zip)!);

  const suggestion = (street: string, zipIndex: number | undefined, city: ZipArea, kind: AddressSuggestion['kind']): AddressSuggestion => {
    const zipCode = zipIndex === undefined ? '' : packed.zips[zipIndex]!;
    return { label: `${street}, ${city.city}, ${city.state}${zipCode ? ` ${zipCode}` : ''}`, kind, street, city: city.city, state: city.state, zipCode, country: 'United States' };
  };

  function suggest(input: string): AddressSuggestion[] {
    const typed = readTypedAddress(input);
    const words = wordsOf(typed.street);
    if (words.length === 0 || words.join('').length < 2) return [];
    // The last word may still be half typed ("5th av" is on its way to "avenue", "sta" to "stanton").
    const whole = expand(words);
    const partial = expand(words.slice(0, -1)) + (words.length > 1 ? ' ' : '') + words.at(-1)!;
    const rank = (key: string) =>
      key.startsWith(whole) || key.startsWith(partial) ? 0 : key.includes(` ${whole}`) || key.includes(` ${partial}`) ? 1 : -1;
    const matched = streets
      .map((street) => ({ street, rank: rank(street.key) }))
      .filter((entry) => entry.rank >= 0)
      .sort((a, b) => a.rank - b.rank || a.street.key.length - b.street.key.length || (a.street.key < b.street.key ? -1 : 1));

    const unit = typed.unit ? ` ${typed.unit}` : '';
    if (typed.house) {
      // The typed number exactly, on the best-matching streets first; then the nearest longer numbers ("35" → 350, 351 … before 3500).
      const hits: { order: number[]; value: AddressSuggestion }[] = [];
      matched.forEach(({ street }, streetOrder) => {
        for (const [house, zipIndex] of street.houses) {
          const upper = house.toUpperCase();
          if (!upper.startsWith(typed.house)) continue;
          const order = upper === typed.house ? [0, streetOrder, 0] : [upper.length, streetOrder, parseInt(upper, 10)];
          hits.push({ order, value: suggestion(`${house} ${street.name}${unit}`, zipIndex, areas[zipIndex]!, 'address') });
        }
      });
      const byOrder = (a: number[], b: number[]) => a[0]! - b[0]! || a[1]! - b[1]! || a[2]! - b[2]!;
      return hits.sort((a, b) => byOrder(a.order, b.order)).slice(0, ADDRESS_SUGGESTIONS_MAX).map((hit) => hit.value);
    }
    // No number yet: the street in each city it runs through, with its ZIP when it has only one there.
    const out: AddressSuggestion[] = [];
    for (const { street } of matched) {
      const zipsByCity = new Map<string, { area: ZipArea; zips: Set<number> }>();
      for (const [, zipIndex] of street.houses) {
        const area = areas[zipIndex]!;
        const entry = zipsByCity.get(area.city) ?? { area, zips: new Set<number>() };
        entry.zips.add(zipIndex);
        zipsByCity.set(area.city, entry);
      }
      for (const { area, zips } of zipsByCity.values()) {
        out.push(suggestion(street.name, zips.size === 1 ? [...zips][0] : undefined, area, 'street'));
        if (out.length >= ADDRESS_SUGGESTIONS_MAX) return out;
      }
    }
    return out;
  }

  return {
    suggest,
    addressCount: streets.reduce((sum, street) => sum + street.houses.length, 0),
    streetCount: streets.length,
    zipCount: packed.zips.length,
  };
}

const DATA_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'data/addresses.json.gz');
let loaded: AddressGazetteer | undefined;

/** The committed gazetteer, read on first use and kept (about 1 MB in memory). */
export function addressGazetteer(): AddressGazetteer {
  loaded ??= createAddressGazetteer(JSON.parse(gunzipSync(readFileSync(DATA_FILE)).toString('utf8')) as PackedAddresses);
  return loaded;
}
