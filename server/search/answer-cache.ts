/**
 * The last few thousand autocomplete answers of this process, by what was typed and where the
 * map was. Typing is repetitive — every visitor looking for Penn Station sends "pen", "penn",
 * "penn st" — and the gazetteer changes only with a new seed, so most keystrokes are answered
 * from memory in microseconds instead of a trigram search (several ms on PGlite). Entries expire
 * after `ttlMs`, so a garage or place written to the database shows up within that time.
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
