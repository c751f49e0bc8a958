import { describe, expect, it } from 'vitest';
import type { Location } from '../../contract/locations';
import { findLocationBySlug, findLocationsMissingFromHtml, groupLocationsByArea } from './location-groups';

function location(locationId: number, area: Location['area'], name: string, seoUrl = `slug-${locationId}`): Location {
  return { locationId, area, locationDisplayText: name, seoUrl } as Location;
}

const list = [location(1, 'newark', 'Broad St'), location(2, 'manhattan', 'W 44th St'), location(3, 'manhattan', 'Battery Pl', 'Battery-Pl')];

describe('groupLocationsByArea', () => {
  it('orders areas as listed and garages by name, dropping empty areas', () => {
    const groups = groupLocationsByArea(list);
    expect(groups.map((g) => g.name)).toEqual(['Manhattan', 'Newark']);
    expect(groups[0]?.locations.map((l) => l.locationId)).toEqual([3, 2]);
  });
});

describe('findLocationBySlug', () => {
  it('ignores case', () => {
    expect(findLocationBySlug(list, 'battery-pl')?.locationId).toBe(3);
    expect(findLocationBySlug(list, 'nope')).toBeUndefined();
  });
});

describe('findLocationsMissingFromHtml', () => {
  it('returns garages the CMS body does not link to', () => {
    const html = '<ul><li><a href="/locations/slug-1">Broad</a></li><li><a href="/locations/battery-pl">Battery</a></li></ul>';
    expect(findLocationsMissingFromHtml(list, html).map((l) => l.locationId)).toEqual([2]);
  });
});
