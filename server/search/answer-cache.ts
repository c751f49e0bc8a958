import type { Point } from './geo.ts';

/**
 * The last few thousand autocomplete answers of this process, by what was typed and where the
 * map was, kept serialised. Typing is partly repetitive — every visitor looking for Penn Station
 * sends "p", "pe", "pen" — so a repeated keystroke skips the index search (~0.1–1 ms) and the
 * JSON and ETag work. Entries expire after `ttlMs`; the routes also key them by the place
 * index's generation, so a rebuilt index never serves an older answer.
 */
export class AnswerCache<Answer> {
  private readonly entries = new Map<string, { answer: Answer; expires: number }>();

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
  ) {}

  get(key: string, now: number): Answer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expires <= now) return undefined;
    this.entries.set(key, entry); // most recently used last
    return entry.answer;
  }

  set(key: string, answer: Answer, now: number) {
    this.entries.delete(key);
    this.entries.set(key, { answer, expires: now + this.ttlMs });
    // A Map iterates in insertion order: the first key is the least recently used.
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  get size() {
    return this.entries.size;
  }
}

/**
 * The map centre only breaks ties in the ranking, so answers are kept per ~1 km square of it
 * (0.01°) and ranked from the square's middle: one cached answer serves every centre in it.
 */
const CENTRE_STEP_DEGREES = 0.01;
export const snapCentre = (centre: Point): Point => ({
  latitude: Math.round(centre.latitude / CENTRE_STEP_DEGREES) * CENTRE_STEP_DEGREES,
  longitude: Math.round(centre.longitude / CENTRE_STEP_DEGREES) * CENTRE_STEP_DEGREES,
});

/** What an answer is kept under: the normalised text and the snapped centre (the bench counts repeats by it too). */
export const autocompleteAnswerKey = (normalized: string, snappedCentre: Point) =>
  `${normalized}|${snappedCentre.latitude.toFixed(2)}|${snappedCentre.longitude.toFixed(2)}`;
