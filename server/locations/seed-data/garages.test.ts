import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DRAWERS, LOCATION_IMAGE_FILES } from '../location-image-svg.ts';
import { ALL_GARAGES } from './all-garages.ts';
import { seoUrlFor } from './garage-seed.ts';

const PUBLIC_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../public');

/** Rough boxes around each area: a coordinate typo (a swapped digit, a wrong sign) lands outside. */
const AREA_BOUNDS = {
  manhattan: { south: 40.700, north: 40.800, west: -74.020, east: -73.945 },
  brooklyn: { south: 40.675, north: 40.705, west: -73.995, east: -73.965 },
  'jersey-city': { south: 40.710, north: 40.740, west: -74.070, east: -74.030 },
  newark: { south: 40.730, north: 40.750, west: -74.180, east: -74.160 },
  secaucus: { south: 40.755, north: 40.795, west: -74.080, east: -74.055 },
};

describe('seeded garages', () => {
  it('has about 40 garages and about 10,000 spaces', () => {
    expect(ALL_GARAGES.length).toBeGreaterThanOrEqual(40);
    const spaces = ALL_GARAGES.reduce((sum, g) => sum + g.capacity, 0);
    expect(spaces).toBeGreaterThan(9_500);
    expect(spaces).toBeLessThan(10_500);
  });

  it('has unique ids, 4-digit lot codes and seoUrls', () => {
    const unique = (values: readonly unknown[]) => new Set(values).size === values.length;
    expect(unique(ALL_GARAGES.map((g) => g.locationId))).toBe(true);
    expect(unique(ALL_GARAGES.map((g) => g.locationNumber))).toBe(true);
    expect(unique(ALL_GARAGES.map(seoUrlFor))).toBe(true);
    for (const g of ALL_GARAGES) expect(g.locationNumber).toMatch(/^\d{4}$/);
  });

  it('spreads garages over the five areas', () => {
    const count = (area: string) => ALL_GARAGES.filter((g) => g.area === area).length;
    expect(count('manhattan')).toBeGreaterThanOrEqual(18);
    expect(count('brooklyn')).toBeGreaterThanOrEqual(7);
    expect(count('jersey-city')).toBeGreaterThanOrEqual(7);
    expect(count('newark')).toBeGreaterThanOrEqual(5);
    expect(count('secaucus')).toBeGreaterThanOrEqual(3);
  });

  it('puts every garage inside its area', () => {
    for (const g of ALL_GARAGES) {
      const box = AREA_BOUNDS[g.area];
      expect({ id: g.locationId, inside: g.latitude > box.south && g.latitude < box.north && g.longitude > box.west && g.longitude < box.east }).toEqual({ id: g.locationId, inside: true });
    }
  });

  it('marks exactly the two Newark garages by Prudential Center as the arena zone', () => {
    const arena = ALL_GARAGES.filter((g) => g.arenaZone);
    expect(arena.map((g) => g.area)).toEqual(['newark', 'newark']);
  });

  it('mixes the flags: some garages refuse oversized vehicles, some are ticket-system locations', () => {
    expect(ALL_GARAGES.some((g) => !g.oversized)).toBe(true);
    expect(ALL_GARAGES.some((g) => g.oversized)).toBe(true);
    expect(ALL_GARAGES.filter((g) => g.skiDataLocation).length).toBeGreaterThan(5);
    expect(ALL_GARAGES.filter((g) => !g.skiDataLocation).length).toBeGreaterThan(5);
  });

  it('has the drawn image files in public/, up to date with the drawing code', () => {
    for (const g of ALL_GARAGES) {
      for (const { fileName } of LOCATION_IMAGE_FILES) {
        const file = path.join(PUBLIC_DIR, 'images', 'locations', seoUrlFor(g), fileName);
        expect(existsSync(file), `${file} (run server/locations/draw-location-images.ts)`).toBe(true);
        expect(readFileSync(file, 'utf8')).toBe(DRAWERS[fileName]!(g));
      }
    }
  });

  it('has the rasters served in place of SVGs (the thumbnails), at their size', async () => {
    const rasters = LOCATION_IMAGE_FILES.flatMap(({ raster }) => (raster ? [raster] : []));
    expect(rasters.map((raster) => raster.fileName)).toEqual(['thumbnail.webp']);
    for (const g of ALL_GARAGES) {
      for (const raster of rasters) {
        const file = path.join(PUBLIC_DIR, 'images', 'locations', seoUrlFor(g), raster.fileName);
        expect(existsSync(file), `${file} (run server/locations/draw-location-images.ts)`).toBe(true);
        expect(await sharp(file).metadata()).toMatchObject({ format: 'webp', width: raster.size, height: raster.size });
      }
    }
  });
});
