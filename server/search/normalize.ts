/**
 * One spelling for the gazetteer and for what a visitor types, so "W 44th St", "west 44 street"
 * and "West 44th Street" are the same words before trigrams compare them: lower case, no accents
 * or punctuation, ordinals as digits ("fifth" → "5", "44th" → "44"), and the usual street
 * abbreviations ("avenue" → "ave", "west" → "w").
 */

/** Long forms and their one spelling; the spelling corrector (spelling.ts) knows the long forms too. */
export const WORDS: Record<string, string> = {
  street: 'st', str: 'st', avenue: 'ave', av: 'ave', avenu: 'ave', boulevard: 'blvd', blv: 'blvd', road: 'rd', drive: 'dr', place: 'pl',
  plaza: 'plz', square: 'sq', lane: 'ln', parkway: 'pkwy', highway: 'hwy', terrace: 'ter', court: 'ct', expressway: 'expy',
  west: 'w', east: 'e', north: 'n', south: 's',
  first: '1', second: '2', third: '3', fourth: '4', fifth: '5', sixth: '6', seventh: '7', eighth: '8', ninth: '9', tenth: '10',
  eleventh: '11', twelfth: '12', saint: 'st', mount: 'mt', fort: 'ft', and: '&',
};

export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '') // accents
    .toLowerCase()
    .replace(/['’]/g, '') // "Hell's Kitchen" → "hells kitchen"
    .replace(/&/g, ' & ')
    .replace(/[^a-z0-9&]+/g, ' ')
    .split(' ')
    .filter(Boolean)
    .map((word) => WORDS[word] ?? word.replace(/^(\d+)(st|nd|rd|th)$/, '$1'))
    .join(' ');
}
