import { describe, expect, it } from 'vitest';
import { trigramSequence, withTypedTrigrams } from './trigrams.ts';

const wordSimilarity = (typed: string, name: string) => withTypedTrigrams(typed, (trigrams) => trigrams.wordSimilarity(trigramSequence(name)));

describe('trigramSequence', () => {
  it('pads each word as pg_trgm does ("  word ") and skips what is not a letter or digit', () => {
    expect(trigramSequence('pen')).toHaveLength(4); // "  p", " pe", "pen", "en "
    expect(trigramSequence('a & b')).toEqual(Uint16Array.from([...trigramSequence('a'), ...trigramSequence('b')]));
    expect(trigramSequence('')).toHaveLength(0);
  });
});

describe('word_similarity as PostgreSQL computes it', () => {
  // Each value is what `select word_similarity(a, b)::float8` answered on PGlite's pg_trgm (float4, hence the digits).
  it.each([
    ['pen station', 'new york penn station', 0.7857142686843872],
    ['pen', 'penn station', 0.75],
    ['madison sqare garden', 'madison square garden', 0.7916666865348816],
    ['secaucus juntion', 'secaucus junction', 0.75],
    ['barcl', 'barclays center', 0.8333333134651184],
    ['42 st', 'w 42 st', 1],
    ['abc', 'xyz', 0],
    ['chelsea', 'chelsea piers', 1],
    ['pen station', 'pennsylvania station', 0.6666666865348816],
    ['& co', 'barnes & co', 1],
    ['word', 'two words', 0.800000011920929],
    ['grand centrl terminal', 'grand central terminal', 0.8333333134651184],
    ['empire stat bulding', 'empire state building', 0.6800000071525574],
  ])('word_similarity(%j, %j) = %f', (typed, name, expected) => {
    expect(wordSimilarity(typed, name)).toBe(expected);
  });

  it('leaves the shared scratch clean for the next search', () => {
    expect(wordSimilarity('penn', 'penn station')).toBe(1);
    expect(wordSimilarity('abc', 'penn station')).toBe(0);
    expect(() => withTypedTrigrams('a', () => withTypedTrigrams('b', () => 0))).toThrow(/one search at a time/);
    expect(wordSimilarity('pen', 'penn station')).toBe(0.75);
  });
});
