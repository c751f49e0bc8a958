import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { findUnstorableId, guardJsonBodies, isNestedDeeperThan, MAX_JSON_DEPTH } from './json-depth.ts';
import { handleError } from './http-error.ts';

const nested = (levels: number): unknown => JSON.parse(`${'['.repeat(levels)}${']'.repeat(levels)}`);

describe('isNestedDeeperThan', () => {
  it('counts arrays and objects, not scalars, and walks 100,000 levels without overflowing', () => {
    expect(isNestedDeeperThan(5, 0)).toBe(false);
    expect(isNestedDeeperThan({ a: [1] }, 2)).toBe(false);
    expect(isNestedDeeperThan({ a: [1] }, 1)).toBe(true);
    expect(isNestedDeeperThan(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(isNestedDeeperThan(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(isNestedDeeperThan(nested(100_000))).toBe(true);
  });
});

describe('findUnstorableId', () => {
  it('finds numbers under id-named keys and in id lists that no int4 column holds', () => {
    expect(findUnstorableId({ locationId: 2_147_483_647, vehicleID: -2_147_483_648, id: 0 })).toBeUndefined();
    expect(findUnstorableId({ locationID: 2_147_483_648 })).toBe('locationID');
    expect(findUnstorableId({ a: { id: 1.5 } })).toBe('a.id');
    expect(findUnstorableId({ locationIds: [1, 1e20] })).toBe('locationIds.1');
    expect(findUnstorableId({ page: { vehicleId: -2_147_483_649 } })).toBe('page.vehicleId');
  });
  it('leaves text ids, other numbers and non-id keys alone', () => {
    expect(findUnstorableId({ rateInstanceId: '99999999999999999999', amountCents: 1e20, paid: 1.5, valid: true })).toBeUndefined();
  });
});

describe('guardJsonBodies', () => {
  const app = new Hono();
  app.onError(handleError);
  app.use('*', async (c, next) => {
    guardJsonBodies(c);
    await next();
  });
  app.post('/', async (c) => c.json({ parsed: await c.req.json() }));
  const post = (body: string) => app.request('/', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });

  it('makes a route that reads c.req.json() itself answer 400 for a body out of bounds', async () => {
    const deep = await post(`${'['.repeat(8000)}${']'.repeat(8000)}`);
    expect(deep.status).toBe(400);
    expect(await deep.json()).toEqual({ message: 'Invalid request body: nested deeper than 32 levels of arrays and objects' });
    const big = await post('{"locationID":2147483648}');
    expect(await big.json()).toEqual({ message: 'Invalid request body: locationID: must be a whole number no larger than 2147483647' });
    expect(await (await post('{"locationID":7}')).json()).toEqual({ parsed: { locationID: 7 } });
  });
});
