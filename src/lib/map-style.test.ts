import { describe, expect, it } from 'vitest';
import { locationMapStyle, mapCoverage } from './map-style';

const ORIGIN = 'https://parkfair.example';
const sourcesOf = (point: { latitude: number; longitude: number }) => Object.keys(locationMapStyle(point, ORIGIN).sources).sort();

describe('the offline pin map style', () => {
  it('uses the street tiles only where they exist (lower/midtown Manhattan, downtown Brooklyn)', () => {
    expect(mapCoverage({ latitude: 40.70504, longitude: -74.01597 })).toEqual({ hasStreetTiles: true, hasHudsonStreets: true }); // Battery, NJ shore in view
    expect(mapCoverage({ latitude: 40.75498, longitude: -73.998 })).toEqual({ hasStreetTiles: true, hasHudsonStreets: false }); // Hudson Yards
    expect(mapCoverage({ latitude: 40.78928, longitude: -73.97142 })).toEqual({ hasStreetTiles: false, hasHudsonStreets: false }); // Upper West Side
    expect(mapCoverage({ latitude: 40.72136, longitude: -74.03921 })).toEqual({ hasStreetTiles: true, hasHudsonStreets: true }); // Jersey City waterfront, Manhattan in view
    expect(mapCoverage({ latitude: 40.73215, longitude: -74.06352 })).toEqual({ hasStreetTiles: false, hasHudsonStreets: true }); // Journal Square
    expect(mapCoverage({ latitude: 40.73286, longitude: -74.17008 })).toEqual({ hasStreetTiles: false, hasHudsonStreets: true }); // Newark, edge of Hudson lines
  });

  it('loads only the app-served files the pin needs', () => {
    expect(sourcesOf({ latitude: 40.75498, longitude: -73.998 })).toEqual(['land', 'streets']);
    expect(sourcesOf({ latitude: 40.73215, longitude: -74.06352 })).toEqual(['hudson-streets', 'land']);
    const style = locationMapStyle({ latitude: 40.70504, longitude: -74.01597 }, ORIGIN);
    expect(style.glyphs).toBe(`${ORIGIN}/mapdata/glyphs/{fontstack}/{range}.pbf`);
    expect(style.sources['streets']).toMatchObject({ type: 'vector', url: `pmtiles://${ORIGIN}/mapdata/tiles/nyc_partial_omt.pmtiles` });
    expect(JSON.stringify(style)).not.toMatch(/https?:\/\/(?!parkfair\.example|www\.openstreetmap\.org\/copyright)/);
  });

  it('paints water under the land, streets over it', () => {
    const ids = locationMapStyle({ latitude: 40.70504, longitude: -74.01597 }, ORIGIN).layers.map((layer) => (layer as { id: string }).id);
    expect(ids.slice(0, 2)).toEqual(['water', 'land']);
    expect(ids.indexOf('street-name')).toBe(ids.length - 1);
  });
});
