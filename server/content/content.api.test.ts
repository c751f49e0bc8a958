import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentItemSchema, contentListSchema, locationsListContentSchema, oversizeVehicleContentSchema } from '../../src/contract/content.ts';
import { locationListSchema } from '../../src/contract/locations.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

async function getList(path: string) {
  const response = await t.request(path);
  expect(response.status).toBe(200);
  return v.parse(contentListSchema, await response.json());
}

describe('GET /content/api/content', () => {
  it('lists every content item of the three types', async () => {
    const items = await getList('/content/api/content');
    expect(new Set(items.map((i) => i.contentTypeId))).toEqual(new Set([1, 2, 3]));
  });

  it('returns one item by id', async () => {
    const response = await t.request('/content/api/content/20');
    expect(response.status).toBe(200);
    const item = v.parse(contentItemSchema, await response.json());
    expect(item).toMatchObject({ contentId: 20, contentTypeId: 3, header: 'Park and Train in NJ', slug: 'park-and-train-in-nj' });
    expect(item.contentHtml).toContain('NJ Turnpike to Exit 15X');
    // Near Secaucus Junction.
    expect(item.latitude).toBeCloseTo(40.761, 2);
    expect(item.longitude).toBeCloseTo(-74.076, 2);
  });

  it('answers 404 for an unknown id and 400 for a non-numeric one', async () => {
    const missing = await t.request('/content/api/content/9999');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'Content was not found.' });
    const bad = await t.request('/content/api/content/tiles');
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toMatch(/id: must be a positive whole number/);
  });
});

describe('GET /content/api/content/type/{typeId}', () => {
  it('type 1: five promo tiles, some EXTERNAL links and some with no link (those carry a search point)', async () => {
    const tiles = await getList('/content/api/content/type/1');
    expect(tiles).toHaveLength(5);
    expect(tiles.every((tile) => tile.contentTypeId === 1)).toBe(true);
    expect(tiles.filter((tile) => tile.linkType?.typeName === 'EXTERNAL').map((tile) => tile.linkUrl)).toEqual([
      'https://www.barclayscenter.com/events', 'https://www.statuecitycruises.com',
    ]);
    const unlinked = tiles.filter((tile) => tile.linkUrl === null);
    expect(unlinked.length).toBeGreaterThanOrEqual(2);
    for (const tile of unlinked) expect(tile.latitude).not.toBeNull();
  });

  it('type 2: four marketing pins with coordinates and card HTML, including Park and Train in NJ', async () => {
    const pins = await getList('/content/api/content/type/2');
    expect(pins).toHaveLength(4);
    for (const pin of pins) {
      expect(pin.latitude).toEqual(expect.any(Number));
      expect(pin.cardHtml).toMatch(/^<h3>/);
    }
    const parkAndTrain = pins.find((pin) => pin.header === 'Park and Train in NJ');
    expect(parkAndTrain?.cardHtml).toContain('NJ Turnpike Exit 15X to Secaucus for a quick ride into Midtown.');
    expect(parkAndTrain?.cardHtml).toContain('See Locations');
  });

  it('type 3: search content', async () => {
    const items = await getList('/content/api/content/type/3');
    expect(items.map((i) => i.contentId)).toContain(20);
  });

  it('answers 404 for an unknown type and 400 for a non-numeric one', async () => {
    expect((await t.request('/content/api/content/type/9')).status).toBe(404);
    const bad = await t.request('/content/api/content/type/pins');
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toMatch(/typeId/);
  });
});

describe('bodies', () => {
  it('oversize-vehicles: the first item holds the modal HTML', async () => {
    const response = await t.request('/content/api/content/oversize-vehicles');
    const [first] = v.parse(oversizeVehicleContentSchema, await response.json());
    expect(first?.oversizeVehicleContentValue).toContain('<h2>Oversized Vehicles</h2>');
    expect(first?.oversizeVehicleContentValue).toContain('oversize surcharge');
  });

  it('locations-list: the first item lists every garage by area with a link to it', async () => {
    const [first] = v.parse(locationsListContentSchema, await (await t.request('/content/api/content/locations-list')).json());
    const html = first?.locationsListContentValue ?? '';
    for (const area of ['Manhattan', 'Brooklyn', 'Jersey City', 'Newark', 'Secaucus']) expect(html).toContain(`<h2>${area}</h2>`);
    const locations = v.parse(locationListSchema, await (await t.request('/locations/api/locations')).json());
    for (const location of locations) expect(html).toContain(`href="/locations/${location.seoUrl}"`);
  });
});
