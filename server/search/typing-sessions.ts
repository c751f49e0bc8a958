/**
 * What many different visitors send while they type place names: each session is one name typed
 * a letter at a time (every keystroke a request, as a search box without debounce would send;
 * ours debounces, so this is the heavier case), some stopped before the end (a suggestion was
 * picked), some misspelt on the way (a letter dropped, doubled, swapped or hit beside). Seeded, so
 * the bench (tests/bench/search.ts) and the search API test replay the same stream.
 */

/** A small deterministic generator (an LCG): the same seed gives the same sessions. */
export function seededRandom(seed: number): () => number {
  let state = seed % 2_147_483_648;
  return () => (state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
}

/** Keys beside each letter on a QWERTY keyboard, for the "hit beside" slip. */
const BESIDE: Record<string, string> = {
  a: 'qsz', b: 'vn', c: 'xv', d: 'sf', e: 'wr', f: 'dg', g: 'fh', h: 'gj', i: 'uo', j: 'hk', k: 'jl', l: 'k', m: 'n',
  n: 'bm', o: 'ip', p: 'o', q: 'w', r: 'et', s: 'ad', t: 'ry', u: 'yi', v: 'cb', w: 'qe', x: 'zc', y: 'tu', z: 'x',
};

/** `name` with one typing slip somewhere after its first letter. */
export function misspell(name: string, random: () => number): string {
  if (name.length < 4) return name;
  const at = 1 + Math.floor(random() * (name.length - 2));
  const letter = name[at]!;
  switch (Math.floor(random() * 4)) {
    case 0: // dropped: "pen station"
      return name.slice(0, at) + name.slice(at + 1);
    case 1: // doubled
      return name.slice(0, at) + letter + name.slice(at);
    case 2: // swapped with the next
      return name.slice(0, at) + name[at + 1]! + letter + name.slice(at + 2);
    default: {
      const beside = BESIDE[letter.toLowerCase()];
      return beside ? name.slice(0, at) + beside[Math.floor(random() * beside.length)]! + name.slice(at + 1) : name;
    }
  }
}

export type TypingOptions = { sessions: number; seed: number; misspeltShare?: number };

/**
 * The text in the search box after each keystroke, session after session: `names` are what the
 * visitors mean to find (pick them weighted as the caller wishes, repeats allowed).
 */
export function typingSessions(names: readonly string[], { sessions, seed, misspeltShare = 0.3 }: TypingOptions): string[][] {
  const random = seededRandom(seed);
  const typed: string[][] = [];
  for (let s = 0; s < sessions; s += 1) {
    const meant = names[Math.floor(random() * names.length)]!;
    const text = random() < misspeltShare ? misspell(meant, random) : random() < 0.5 ? meant.toLowerCase() : meant;
    // Half type to the end; the others pick a suggestion after at least 3 letters.
    const stopAt = random() < 0.5 ? text.length : Math.min(text.length, 3 + Math.floor(random() * text.length));
    const keystrokes: string[] = [];
    for (let length = 1; length <= stopAt; length += 1) {
      const box = text.slice(0, length);
      if (box.trim()) keystrokes.push(box); // a space alone sends nothing
    }
    typed.push(keystrokes);
  }
  return typed;
}
