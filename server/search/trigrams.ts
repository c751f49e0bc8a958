/**
 * pg_trgm's `word_similarity`, in JavaScript, so the in-memory place index (place-index.ts)
 * scores a name exactly as the database does: same trigrams, same greedy search for the run of
 * words closest to the typed text, same float4 arithmetic. Ported from PostgreSQL's
 * contrib/pg_trgm/trgm_op.c (`generate_trgm_only`, `calc_word_similarity`,
 * `iterate_word_similarity`, non-strict form); trigrams.test.ts holds it to values PostgreSQL
 * computed, and the search API test to the SQL's answers.
 *
 * Text here is already normalised (normalize.ts: `a-z`, `0-9`, `&` and single spaces). pg_trgm
 * splits words at anything but letters and digits (so `&` separates words and makes no
 * trigram) and pads each word as "  word ": "pen" → "  p", " pe", "pen", "en ".
 */

/** Characters a trigram can hold: the pad space, a–z, 0–9. */
const ALPHABET = 37;
/** Every trigram as a small integer (fits a Uint16Array): c0 · 37² + c1 · 37 + c2. */
export const TRIGRAM_IDS = ALPHABET ** 3;

const codeOf = (char: number) => (char === 32 ? 0 : char >= 97 ? char - 96 : char - 48 + 27);

/** The trigrams of `text` in order, repeats kept, as pg_trgm's `generate_trgm_only` yields them. */
export function trigramSequence(text: string): Uint16Array {
  const ids: number[] = [];
  for (const word of text.split(/[^a-z0-9]+/)) {
    if (!word) continue;
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i += 1) {
      ids.push(codeOf(padded.charCodeAt(i)) * ALPHABET * ALPHABET + codeOf(padded.charCodeAt(i + 1)) * ALPHABET + codeOf(padded.charCodeAt(i + 2)));
    }
  }
  return Uint16Array.from(ids);
}

/** pg_trgm's CALCSML: shared / (query's + window's − shared), in float4 as PostgreSQL does it. */
const similarity = (count: number, queryLength: number, windowLength: number) => Math.fround(count / (queryLength + windowLength - count));

/**
 * Scratch shared by every search (200 KB, allocated once rather than per keystroke): which
 * trigrams the typed text has, and where each was last seen in the name being scored.
 * `withTypedTrigrams` keeps it to one search at a time and clean after each.
 */
const found = new Uint8Array(TRIGRAM_IDS);
const lastPosition = new Int32Array(TRIGRAM_IDS).fill(-1);
let inUse = false;

/** Runs `work` (synchronously) with the typed text's trigrams ready to compare with names. */
export function withTypedTrigrams<T>(typed: string, work: (trigrams: TypedTrigrams) => T): T {
  if (inUse) throw new Error('withTypedTrigrams: one search at a time');
  inUse = true;
  const trigrams = new TypedTrigrams(typed);
  try {
    return work(trigrams);
  } finally {
    for (const id of trigrams.ids) found[id] = 0;
    inUse = false;
  }
}

/** The typed text's trigrams, compared with many names (made by `withTypedTrigrams`). */
class TypedTrigrams {
  /** Distinct trigrams of the typed text (pg_trgm's `ulen1`). */
  readonly ids: readonly number[];

  constructor(typed: string) {
    this.ids = [...new Set(trigramSequence(typed))];
    for (const id of this.ids) found[id] = 1;
  }

  has(trigram: number): boolean {
    return found[trigram] === 1;
  }

  /**
   * `word_similarity(typed, name)`: the best similarity between the typed text and a run of the
   * name's trigrams, found as pg_trgm's `iterate_word_similarity` finds it (greedy, so not
   * always the true best window: being the same as PostgreSQL is the point).
   */
  wordSimilarity(name: Uint16Array): number {
    const queryLength = this.ids.length;
    let windowLength = 0; // ulen2
    let count = 0;
    let lower = -1;
    let best = 0;
    for (let i = 0; i < name.length; i += 1) {
      const trigram = name[i]!;
      if (lower >= 0 || found[trigram]) {
        if (lastPosition[trigram]! < 0) {
          windowLength += 1;
          if (found[trigram]) count += 1;
        }
        lastPosition[trigram] = i;
      }
      if (!found[trigram]) continue;
      const upper = i;
      if (lower === -1) {
        lower = i;
        windowLength = 1;
      }
      let current = similarity(count, queryLength, windowLength);
      // Try moving the window's start right, for a greater similarity.
      let trialCount = count;
      let trialLength = windowLength;
      const previousLower = lower;
      for (let trialLower = lower; trialLower <= upper; trialLower += 1) {
        const trial = similarity(trialCount, queryLength, trialLength);
        if (trial > current) {
          current = trial;
          windowLength = trialLength;
          lower = trialLower;
          count = trialCount;
        }
        const dropped = name[trialLower]!;
        if (lastPosition[dropped] === trialLower) {
          trialLength -= 1;
          if (found[dropped]) trialCount -= 1;
        }
      }
      best = Math.max(best, current);
      for (let dropped = previousLower; dropped < lower; dropped += 1) {
        const trigramDropped = name[dropped]!;
        if (lastPosition[trigramDropped] === dropped) lastPosition[trigramDropped] = -1;
      }
    }
    for (const trigram of name) lastPosition[trigram] = -1;
    return best;
  }
}
export type { TypedTrigrams };
