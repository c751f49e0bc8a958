import { describe, expect, it } from 'vitest';
import { buildPositionSearch, toSearchQuery } from './search-params';

describe('home search parameters', () => {
  it('turns spaces into dashes and trims', () => {
    expect(toSearchQuery('  Penn   Station New York ')).toBe('Penn-Station-New-York');
    expect(toSearchQuery('   ')).toBe('');
  });

  it('keeps six decimals of a position', () => {
    expect(buildPositionSearch(40.78509123456, -73.9682849999)).toEqual({ lat: 40.785091, lng: -73.968285 });
  });
});
