/**
 * The gazetteer in memory, for autocomplete in well under a millisecond: the same matching and
 * ranking as the SQL of queries.ts (which stays the reference: the search API test compares the
 * two on hundreds of typed prefixes), without a database round trip or a trigram index scan.
 *
 * - Prefixes: the named places' search names, sorted, found by binary search ("pen" → every
 *   name from "pen" up to "pen\uffff").
 * - Typos: an inverted trigram index (trigram → names holding it); a name is scored only if it
 *   shares at least 60 % of the typed trigrams, the bound pg_trgm's GIN index checks too, then
 *   by the exact `word_similarity` (trigrams.ts).
 * - Addresses: by the house number typed first, then word similarity ≥ 0.5 or a prefix.
 * - Ranking: match quality rounded to tenths, importance, distance from the map centre, id.
 *
 * Only places in the United States are indexed (spec 1 §5 "US only").
 *
 * What the API serves is `autocompleteForgiving`: the same, and when it finds nothing, once more
 * with the typed words the gazetteer does not know corrected (spelling.ts: "time sqare").
 */
import type { Place } from '../../src/contract/search.ts';
import { isInUnitedStates, type Point } from './geo.ts';
import { SpellingCorrector } from './spelling.ts';
import { trigramSequence, TRIGRAM_IDS, type TypedTrigrams, withTypedTrigrams } from './trigrams.ts';

/** A `places` row. */
export type IndexedPlace = Place & { importance: number };
/** A `place_names` row: a place's normalised search name, and its house number for an address. */
export type PlaceName = { placeId: string; searchName: string; houseNumber: string | null };

/** pg_trgm's default `word_similarity_threshold`, what `<%` tests. */
const WORD_SIMILARITY_THRESHOLD = 0.6;
/** An address row must share this much of the typed text (word similarity) beyond its house number. */
const ADDRESS_MIN_SIMILARITY = 0.5;
/** Below a trigram's length only prefixes match (as the SQL's short form). */
const SHORT_INPUT = 3;
/** Match-quality bonuses: the exact name, a name that starts with the text, a word that does. */
const EXACT_BONUS = 0.6;
const PREFIX_BONUS = 0.3;
const WORD_PREFIX_BONUS = 0.15;

type IndexedName = { place: IndexedPlace; searchName: string; trigrams: Uint16Array };

export type PlaceIndexStats = { places: number; names: number; addresses: number; trigramPostings: number };

export class PlaceIndex {
  /** Named places' names (no house number), sorted by search name for prefix lookups. */
  private readonly named: IndexedName[];
  private readonly sortedNames: string[];
  /** Trigram id → positions in `named` of the names holding it (each once). */
  private readonly postings: (Uint32Array | undefined)[];
  /** House number → address names starting with it. */
  private readonly addresses = new Map<string, IndexedName[]>();
  /** How many names share each trigram with the typed text (scratch, reset after each search). */
  private readonly shared: Uint16Array;
  readonly stats: PlaceIndexStats;
  /** The named places' words, for correcting a search that found nothing. */
  readonly spelling: SpellingCorrector;

  constructor(places: Iterable<IndexedPlace>, names: Iterable<PlaceName>) {
    const byId = new Map<string, IndexedPlace>();
    for (const place of places) if (isInUnitedStates(place)) byId.set(place.id, place);
    const named: IndexedName[] = [];
    let addressCount = 0;
    for (const { placeId, searchName, houseNumber } of names) {
      const place = byId.get(placeId);
      if (!place) continue; // a name without its place (or outside the US) is never shown, as the SQL's join drops it
      const entry = { place, searchName, trigrams: trigramSequence(searchName) };
      if (houseNumber === null) {
        named.push(entry);
      } else {
        const list = this.addresses.get(houseNumber) ?? [];
        list.push(entry);
        this.addresses.set(houseNumber, list);
        addressCount += 1;
      }
    }
    named.sort((a, b) => compareText(a.searchName, b.searchName));
    this.named = named;
    this.sortedNames = named.map((entry) => entry.searchName);
    this.shared = new Uint16Array(named.length);
    this.spelling = new SpellingCorrector(this.sortedNames);

    const lists: number[][] = [];
    named.forEach((entry, position) => {
      for (const trigram of new Set(entry.trigrams)) (lists[trigram] ??= []).push(position);
    });
    this.postings = Array.from({ length: TRIGRAM_IDS }, (_, trigram) => (lists[trigram] ? Uint32Array.from(lists[trigram]) : undefined));
    const trigramPostings = lists.reduce((sum, list) => sum + (list?.length ?? 0), 0);
    this.stats = { places: byId.size, names: named.length + addressCount, addresses: addressCount, trigramPostings };
  }

  /** Up to `limit` places for what was typed (normalised), best first, as `autocompletePlaces` ranks them. */
  autocomplete(normalized: string, centre: Point, limit: number): Place[] {
    if (!normalized) return [];
    const quality = withTypedTrigrams(normalized, (typed) => this.match(normalized, typed));
    const cosine = Math.cos((centre.latitude * Math.PI) / 180);
    const ranked = [...quality].map(([place, score]) => {
      // The SQL's squared distance in "latitude degrees" (longitude shrunk by the cosine), to the bit.
      const north = place.latitude - centre.latitude;
      const east = (place.longitude - centre.longitude) * cosine;
      return { place, tenths: roundToTenths(score), distance: north * north + east * east };
    });
    ranked.sort((a, b) => b.tenths - a.tenths || b.place.importance - a.place.importance || a.distance - b.distance || compareText(a.place.id, b.place.id));
    return ranked.slice(0, limit).map(({ place: { importance: _, ...place } }) => place);
  }

  /** As `autocomplete`; when that finds nothing, the text with its unknown words corrected (the SQL has no such step). */
  autocompleteForgiving(normalized: string, centre: Point, limit: number): Place[] {
    const found = this.autocomplete(normalized, centre, limit);
    if (found.length > 0) return found;
    const corrected = this.spelling.correct(normalized);
    return corrected ? this.autocomplete(corrected, centre, limit) : found;
  }

  /** Each matching place with its best match quality over its matching names. */
  private match(normalized: string, typed: TypedTrigrams): Map<IndexedPlace, number> {
    const quality = new Map<IndexedPlace, number>();
    const score = (entry: IndexedName, similarity: number) => {
      const bonus =
        entry.searchName === normalized ? EXACT_BONUS
        : entry.searchName.startsWith(normalized) ? PREFIX_BONUS
        : entry.searchName.includes(` ${normalized}`) ? WORD_PREFIX_BONUS
        : 0;
      const value = similarity + bonus;
      const best = quality.get(entry.place);
      if (best === undefined || value > best) quality.set(entry.place, value);
    };

    // Prefixes: a contiguous run of the sorted names.
    for (let i = lowerBound(this.sortedNames, normalized); i < this.named.length && this.sortedNames[i]!.startsWith(normalized); i += 1) {
      const entry = this.named[i]!;
      score(entry, typed.wordSimilarity(entry.trigrams));
    }
    if (normalized.length < SHORT_INPUT) return quality;

    // Typos: names sharing enough trigrams (a necessary bound for word similarity ≥ 0.6), then the exact test.
    const needed = Math.ceil(WORD_SIMILARITY_THRESHOLD * typed.ids.length - 1e-9);
    const touched: number[] = [];
    for (const trigram of typed.ids) {
      const list = this.postings[trigram];
      if (!list) continue;
      for (const position of list) {
        const count = this.shared[position]!;
        if (count === 0) touched.push(position);
        this.shared[position] = count + 1;
      }
    }
    for (const position of touched) {
      const enough = this.shared[position]! >= needed;
      this.shared[position] = 0;
      const entry = this.named[position]!;
      if (!enough || entry.searchName.startsWith(normalized)) continue; // prefixes were scored above
      const similarity = typed.wordSimilarity(entry.trigrams);
      if (similarity >= WORD_SIMILARITY_THRESHOLD) score(entry, similarity);
    }

    // Addresses: only by the house number typed first ("350 5 ave").
    const houseNumber = /^(\d+[a-z]?) \S/.exec(normalized)?.[1];
    for (const entry of (houseNumber && this.addresses.get(houseNumber)) || []) {
      const similarity = typed.wordSimilarity(entry.trigrams);
      if (similarity >= ADDRESS_MIN_SIMILARITY || entry.searchName.startsWith(normalized)) score(entry, similarity);
    }
    return quality;
  }
}

/** Byte order, as PostgreSQL's "C" collation and `like 'x%'` compare. */
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The first position in `sorted` whose text is not before `text`. */
function lowerBound(sorted: readonly string[], text: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < text) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * `round(quality::numeric, 1)` as PostgreSQL computes it, in tenths: the float8 becomes a
 * numeric of 15 significant digits, then rounds half away from zero. Plain `Math.round(x * 10)`
 * differs on values such as 0.15 + 1.0 (1.15 in decimal, 11.499… times ten in binary).
 */
export function roundToTenths(value: number): number {
  const [whole = '0', fraction = ''] = value.toPrecision(15).split('.');
  const tenths = Number(whole) * 10 + Number(fraction[0] ?? '0');
  return Number(fraction[1] ?? '0') >= 5 ? tenths + 1 : tenths;
}
