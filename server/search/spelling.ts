/**
 * Typo tolerance past what trigrams forgive: "time sqare" shares too few trigrams with "times sq"
 * (the gazetteer's spelling of Times Square) for word similarity ≥ 0.6. When a search finds
 * nothing, each typed word the gazetteer does not know is replaced by the most frequent known
 * word within a small edit distance (one edit up to six letters, two from seven; a swap of two
 * neighbouring letters is one edit), and the corrected text is searched once more.
 *
 * The words known are those of the named places' search names and the long forms normalize.ts
 * shortens ("square" → "sq"), held by length so a word is compared only with words of a length
 * it could be edited into. Numbers are never corrected ("10036" is a ZIP code, not a typo).
 */
import { normalizeSearchText, WORDS } from './normalize.ts';

/** Shorter words are left alone: "sq", "st" and "ny" are a letter away from too much. */
const MIN_CORRECTED_LENGTH = 4;
const maxEditsFor = (length: number): number => (length >= 7 ? 2 : 1);

type KnownWord = { word: string; count: number };

export class SpellingCorrector {
  private readonly known = new Map<string, number>();
  /** Word length → known words of that length, the most frequent first. */
  private readonly byLength = new Map<number, KnownWord[]>();

  constructor(searchNames: Iterable<string>) {
    for (const name of searchNames) for (const word of name.split(' ')) if (/^[a-z]{3,}$/.test(word)) this.known.set(word, (this.known.get(word) ?? 0) + 1);
    for (const longForm of Object.keys(WORDS)) if (/^[a-z]+$/.test(longForm)) this.known.set(longForm, (this.known.get(longForm) ?? 0) + 1);
    for (const [word, count] of this.known) {
      const list = this.byLength.get(word.length) ?? [];
      list.push({ word, count });
      this.byLength.set(word.length, list);
    }
    for (const list of this.byLength.values()) list.sort((a, b) => b.count - a.count || (a.word < b.word ? -1 : 1));
  }

  get size(): number {
    return this.known.size;
  }

  /** The typed text (normalised) with its unknown words corrected, normalised again; undefined when nothing changed. */
  correct(normalized: string): string | undefined {
    let changed = false;
    const words = normalized.split(' ').map((word) => {
      if (word.length < MIN_CORRECTED_LENGTH || !/^[a-z]+$/.test(word) || this.known.has(word)) return word;
      const closest = this.closest(word);
      if (closest) changed = true;
      return closest ?? word;
    });
    if (!changed) return undefined;
    const corrected = normalizeSearchText(words.join(' '));
    return corrected === normalized ? undefined : corrected;
  }

  /** The most frequent known word within the edit budget, the fewest edits first. */
  private closest(word: string): string | undefined {
    const budget = maxEditsFor(word.length);
    let best: { word: string; edits: number; count: number } | undefined;
    for (let length = word.length - budget; length <= word.length + budget; length += 1) {
      for (const candidate of this.byLength.get(length) ?? []) {
        if (best && candidate.count < best.count && best.edits <= Math.abs(length - word.length)) break;
        const edits = editDistance(word, candidate.word, best ? Math.min(budget, best.edits) : budget);
        if (edits === undefined) continue;
        if (!best || edits < best.edits || (edits === best.edits && candidate.count > best.count)) best = { word: candidate.word, edits, count: candidate.count };
      }
    }
    return best?.word;
  }
}

/**
 * Optimal string alignment distance (Levenshtein plus swaps of neighbouring letters), or
 * undefined when it exceeds `limit` (stops as soon as a whole row does).
 */
export function editDistance(a: string, b: string, limit: number): number | undefined {
  if (Math.abs(a.length - b.length) > limit) return undefined;
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let rowMinimum = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, beforePrevious[j - 2]! + 1);
      current.push(value);
      rowMinimum = Math.min(rowMinimum, value);
    }
    if (rowMinimum > limit) return undefined;
    beforePrevious = previous;
    previous = current;
  }
  const distance = previous[b.length]!;
  return distance <= limit ? distance : undefined;
}
