import { describe, expect, it } from 'vitest';
import { normalizeSearchText } from './normalize.ts';
import { editDistance, SpellingCorrector } from './spelling.ts';

const corrector = new SpellingCorrector(['times sq', 'times sq 42 st', 'barclays center', 'barclay st', 'barclay st', 'penn station', 'hoboken'].map(normalizeSearchText));

describe('SpellingCorrector', () => {
  it('corrects words the gazetteer does not know, into its spelling', () => {
    expect(corrector.correct(normalizeSearchText('Time Sqare'))).toBe('times sq'); // "square" is a long form of "sq"
    expect(corrector.correct(normalizeSearchText('Hobokn'))).toBe('hoboken');
    expect(corrector.correct(normalizeSearchText('pen staiton'))).toBe('pen station'); // a swap is one edit; "pen" is too short to touch
  });

  it('prefers fewer edits, then the more frequent word', () => {
    expect(corrector.correct('barclys center')).toBe('barclays center'); // one edit to "barclays", two to "barclay"
  });

  it('leaves known words, numbers and nonsense alone', () => {
    expect(corrector.correct('times sq')).toBeUndefined();
    expect(corrector.correct('10036')).toBeUndefined();
    expect(corrector.correct('zzqxj vvkpw')).toBeUndefined();
  });
});

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and swaps, up to a limit', () => {
    expect(editDistance('sqare', 'square', 2)).toBe(1);
    expect(editDistance('staiton', 'station', 2)).toBe(1);
    expect(editDistance('kitten', 'sitting', 3)).toBe(3);
    expect(editDistance('kitten', 'sitting', 2)).toBeUndefined();
  });
});
