import { describe, expect, it } from 'vitest';
import { AnswerCache } from './answer-cache.ts';

describe('AnswerCache', () => {
  it('keeps the most recently used answers and forgets the oldest beyond its size', () => {
    const cache = new AnswerCache<string>(2, 1000);
    cache.set('a', 'A', 0);
    cache.set('b', 'B', 0);
    expect(cache.get('a', 1)).toBe('A'); // a is now the most recent
    cache.set('c', 'C', 2);
    expect(cache.get('b', 3)).toBeUndefined();
    expect(cache.get('a', 3)).toBe('A');
    expect(cache.get('c', 3)).toBe('C');
    expect(cache.size).toBe(2);
  });

  it('drops an answer once it is older than its time to live', () => {
    const cache = new AnswerCache<string>(10, 1000);
    cache.set('a', 'A', 0);
    expect(cache.get('a', 999)).toBe('A');
    expect(cache.get('a', 1000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});
