import { describe, expect, it } from 'vitest';
import { normalizeSearchText } from './normalize.ts';

describe('normalizeSearchText', () => {
  it('spells an address one way however it is typed', () => {
    const one = normalizeSearchText('123 West 44th Street');
    expect(one).toBe('123 w 44 st');
    for (const typed of ['123 W 44th St', '123 w. 44 st', '123  WEST 44TH STREET', '123 W 44th St.']) expect(normalizeSearchText(typed)).toBe(one);
    expect(normalizeSearchText('Fifth Avenue')).toBe(normalizeSearchText('5th Ave'));
  });

  it('drops accents, apostrophes and punctuation, and keeps & as a word', () => {
    expect(normalizeSearchText("Hell's Kitchen")).toBe('hells kitchen');
    expect(normalizeSearchText('Café Wha?')).toBe('cafe wha');
    expect(normalizeSearchText('34th Street–Penn Station')).toBe('34 st penn station');
    expect(normalizeSearchText('Atlantic Ave & Flatbush Ave')).toBe(normalizeSearchText('Atlantic Avenue and Flatbush Avenue'));
    expect(normalizeSearchText('!!!')).toBe('');
  });
});
