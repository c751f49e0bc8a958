import { describe, expect, it } from 'vitest';
import { parkingNearTitle, searchHeadText } from './search-head';

describe('parkingNearTitle', () => {
  it('names the place from the search query', () => {
    expect(parkingNearTitle('Penn-Station-NY')).toBe('Parking near Penn Station NY');
    expect(parkingNearTitle(undefined)).toBe('Parking near you');
    expect(parkingNearTitle(' - ')).toBe('Parking near you');
  });

  it("gives a search page's head the place's title and a description naming it", () => {
    expect(searchHeadText('Penn-Station')).toEqual({
      title: 'Parking near Penn Station',
      description: 'Compare all-in parking prices (rate, tax and fee) at ParkFair garages near Penn Station, on a list and a map, and reserve your space.',
    });
  });
});
