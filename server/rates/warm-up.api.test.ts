import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { warmUpRateSearch } from './warm-up.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('warmUpRateSearch', () => {
  it('runs the all-garage search through the app the given number of times and writes nothing', async () => {
    const count = async () => (await t.db.query<{ n: number }>('select count(*)::int as n from rate_instances'))[0]?.n;
    const before = await count();
    const warmed = await warmUpRateSearch(t.app, () => t.clock.now, 12);
    expect(warmed.searches).toBe(12);
    expect(await count()).toBe(before);
  });

  it('says so when a search fails rather than starting a server that cannot price', async () => {
    // Ninety-one days from now is past the booking horizon: the API answers 400.
    const tooFarAhead = () => new Date(t.clock.now.getTime() + 91 * 86_400_000);
    await expect(warmUpRateSearch(t.app, tooFarAhead, 1)).rejects.toThrow(/answered 400/);
  });
});
