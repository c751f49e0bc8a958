import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { promotionSchema } from '../../src/contract/promotions.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const messageOf = async (response: Response) => ((await response.json()) as { message: string }).message;

describe('GET /promotions/api/{couponCode}', () => {
  it('describes WELCOME10 (code normalised from " welcome 10")', async () => {
    const response = await t.request(`/promotions/api/${encodeURIComponent(' welcome 10')}`);
    expect(response.status).toBe(200);
    expect(v.parse(promotionSchema, await response.json())).toMatchObject({
      promotionCode: 'WELCOME10', promotionName: 'Welcome to ParkFair', appliesTo: 'DAILY', discountType: 'PERCENT', discountValue: 10, locationIds: null,
    });
  });

  it('lists the garages of a restricted code', async () => {
    const promotion = v.parse(promotionSchema, await (await t.request('/promotions/api/ARENA10')).json());
    expect(promotion.locationIds).toEqual([36, 37]);
  });

  it('a code that has not started is 400, a malformed code is 400', async () => {
    const early = await t.request('/promotions/api/HOLIDAY26');
    expect(early.status).toBe(400);
    expect(await messageOf(early)).toMatch(/^The coupon code HOLIDAY26 is not valid until \d\d\/\d\d\/\d{4}\.$/);
    expect((await t.request(`/promotions/api/${'X'.repeat(41)}`)).status).toBe(400);
    expect((await t.request('/promotions/api/SAVE%245')).status).toBe(400);
  });

  it('unknown is 404 and expired is 400, each with a message to show', async () => {
    const unknown = await t.request('/promotions/api/NOPE');
    expect(unknown.status).toBe(404);
    expect(await messageOf(unknown)).toBe('The coupon code NOPE is not valid.');
    const expired = await t.request('/promotions/api/summer-26');
    expect(expired.status).toBe(400);
    expect(await messageOf(expired)).toMatch(/^The coupon code SUMMER26 expired on/);
  });
});
