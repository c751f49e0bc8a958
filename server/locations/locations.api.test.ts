import { existsSync } from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locationListSchema, locationSchema } from '../../src/contract/locations.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

describe('GET /locations/api/locations', () => {
  it('lists every garage with its images, in the contract shape', async () => {
    const response = await t.request('/locations/api/locations');
    expect(response.status).toBe(200);
    const locations = v.parse(locationListSchema, await response.json());
    expect(locations.length).toBeGreaterThanOrEqual(40);
    const spaces = locations.reduce((sum, l) => sum + l.capacity, 0);
    expect(spaces).toBeGreaterThan(9_500);
    expect(spaces).toBeLessThan(10_500);
    for (const location of locations) {
      expect(location.images.map((i) => i.assetType.name)).toEqual(['Entrance', 'Slide Show', 'Slide Show', 'Thumbnail']);
      for (const image of location.images) expect(existsSync(path.join('public', image.assetURI))).toBe(true);
    }
    expect(new Set(locations.map((l) => l.area))).toEqual(new Set(['manhattan', 'brooklyn', 'jersey-city', 'newark', 'secaucus']));
  });
});

describe('GET /locations/api/locations/{id}', () => {
  it('returns one location with every spec field filled', async () => {
    const response = await t.request('/locations/api/locations/1');
    expect(response.status).toBe(200);
    const location = v.parse(locationSchema, await response.json());
    expect(location).toMatchObject({
      locationId: 1, locationNumber: '1044', seoUrl: '123-w-44th-st-new-york', address1: '123 W 44th St',
      city: 'New York', state: 'NY', zip: '10036', crossStreet: 'Between 6th Ave & Broadway', area: 'manhattan',
      operatingHoursDescription: 'Open 24 Hours', oversized: true, skiDataLocation: true,
    });
    expect(location.images[0]).toMatchObject({ assetURI: '/images/locations/123-w-44th-st-new-york/entrance.svg', altText: 'Entrance of the ParkFair garage at 123 W 44th St', displayOrder: 1 });
    expect(location.reservationConfirmationCopy).toContain('Enter on W 44th St');
    expect(location.browserTitle).toContain('123 W 44th St');
  });

  it('says so in the confirmation copy when a garage takes no oversized vehicles', async () => {
    const location = v.parse(locationSchema, await (await t.request('/locations/api/locations/8')).json());
    expect(location.oversized).toBe(false);
    expect(location.reservationConfirmationCopy).toContain('This location does not accept Oversized Vehicles.');
  });

  it('answers 400 with a message for a non-numeric id', async () => {
    const response = await t.request('/locations/api/locations/abc');
    expect(response.status).toBe(400);
    expect((await response.json()).message).toMatch(/id: must be a positive whole number/);
  });

  it('answers 404 for an unknown id', async () => {
    const response = await t.request('/locations/api/locations/9999');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Location not found' });
  });
});

describe('GET /locations/api/locations/by-number/{locationNumber}', () => {
  it('finds a garage by the lot code posted at the entrance', async () => {
    const response = await t.request('/locations/api/locations/by-number/4003');
    expect(response.status).toBe(200);
    expect(v.parse(locationSchema, await response.json())).toMatchObject({ locationId: 36, address1: '165 Mulberry St', city: 'Newark' });
  });

  it('answers 404 "Location not found" for an unknown lot code', async () => {
    const response = await t.request('/locations/api/locations/by-number/9999');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Location not found' });
  });

  it('says "Location not found" and nothing else for any code that names no garage', async () => {
    for (const [code, status] of [['99999999', 404], ['123', 404], ['12a4', 400], ['%20', 400]] as const) {
      const response = await t.request(`/locations/api/locations/by-number/${code}`);
      expect(response.status).toBe(status);
      expect(await response.json()).toEqual({ message: 'Location not found' });
    }
  });
});
