import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { blackoutListSchema, blackoutPageSchema, notificationsSearchResponseSchema } from '../../src/contract/locations.ts';
import { TEST_NOW } from '../testing/test-clock.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });
beforeEach(() => { t.clock.now = new Date(TEST_NOW); });

async function blackoutLocations(filter: string): Promise<number[]> {
  const response = await t.request(`/locations/api/locations/blackouts/${filter}`);
  expect(response.status).toBe(200);
  return v.parse(blackoutListSchema, await response.json()).map((b) => b.locationId);
}

const search = (path: string, body: unknown) => t.request(`/locations/api/locations/${path}`, { method: 'POST', json: body });

describe('GET /locations/api/locations/blackouts/{filter}', () => {
  // Seeded relative to TEST_NOW (Mon 2026-11-23 14:00 in New York): see seed-data/notices.ts.
  it('classifies blackouts as past, current and future relative to the clock', async () => {
    expect(await blackoutLocations('1')).toEqual([19, 5]);
    expect(await blackoutLocations('2')).toEqual([13, 21]);
    expect(await blackoutLocations('3')).toEqual([16, 3, 36, 1]);
    expect((await blackoutLocations('0')).sort((a, b) => a - b)).toEqual([1, 3, 5, 13, 16, 19, 21, 36]);
  });

  it('follows the clock: a blackout is past from the instant it ends', async () => {
    const [barclays] = v.parse(blackoutListSchema, await (await t.request('/locations/api/locations/blackouts/2')).json()).filter((b) => b.locationId === 21);
    t.clock.now = new Date(barclays!.endDateUtc);
    expect(await blackoutLocations('2')).not.toContain(21);
    expect(await blackoutLocations('1')).toContain(21);
  });

  it('answers 400 for any other filter', async () => {
    for (const bad of ['4', 'x', '-1']) {
      const response = await t.request(`/locations/api/locations/blackouts/${bad}`);
      expect(response.status).toBe(400);
      expect((await response.json()).message).toBe('Invalid param: filter must be 0 (all), 1 (past), 2 (current) or 3 (future)');
    }
  });
});

describe('POST /locations/api/locations/blackouts/search', () => {
  const wholeSeason = { locationIds: [], startDateUtc: '2026-10-01T00:00:00.000Z', endDateUtc: '2027-02-01T00:00:00.000Z', allDay: false };

  it('finds blackouts overlapping the window at the given locations', async () => {
    const response = await search('blackouts/search', { locationIds: [13, 21, 16], startDateUtc: '2026-11-23T19:00:00.000Z', endDateUtc: '2026-11-23T21:00:00.000Z', allDay: false, page: 0, pageSize: 99 });
    expect(response.status).toBe(200);
    const page = v.parse(blackoutPageSchema, await response.json());
    expect(page).toMatchObject({ page: 0, pageSize: 99, totalElementCount: 2 });
    expect(page.results.map((b) => b.locationId)).toEqual([13, 21]);
    expect(page.results[0]!.message).toBe('Closed today for deck resurfacing. Reopens tomorrow at 5 AM.');
  });

  it('widens the window to whole New York days when allDay is set', async () => {
    // 10–11 AM in New York on Nov 28; the overnight closure at location 3 ends at 6 AM that day.
    const window = { locationIds: [3], startDateUtc: '2026-11-28T15:00:00.000Z', endDateUtc: '2026-11-28T16:00:00.000Z', page: 0, pageSize: 10 };
    const timed = v.parse(blackoutPageSchema, await (await search('blackouts/search', { ...window, allDay: false })).json());
    const allDay = v.parse(blackoutPageSchema, await (await search('blackouts/search', { ...window, allDay: true })).json());
    expect(timed.totalElementCount).toBe(0);
    expect(allDay.results.map((b) => b.locationId)).toEqual([3]);
  });

  it('pages through every match, counting them all', async () => {
    const first = v.parse(blackoutPageSchema, await (await search('blackouts/search', { ...wholeSeason, page: 0, pageSize: 3 })).json());
    const last = v.parse(blackoutPageSchema, await (await search('blackouts/search', { ...wholeSeason, page: 2, pageSize: 3 })).json());
    expect(first.totalElementCount).toBe(8);
    expect(first.results).toHaveLength(3);
    expect(last).toMatchObject({ page: 2, pageSize: 3, totalElementCount: 8 });
    expect(last.results).toHaveLength(2);
  });

  it('defaults to the first page of 99', async () => {
    const page = v.parse(blackoutPageSchema, await (await search('blackouts/search', wholeSeason)).json());
    expect(page).toMatchObject({ page: 0, pageSize: 99, totalElementCount: 8 });
  });

  it('answers 400 with a message for bad bodies', async () => {
    const cases: [unknown, RegExp][] = [
      [{ ...wholeSeason, pageSize: 100 }, /pageSize must be at most 99/],
      [{ ...wholeSeason, pageSize: 0 }, /pageSize must be at least 1/],
      [{ ...wholeSeason, page: -1 }, /page starts at 0/],
      [{ ...wholeSeason, endDateUtc: wholeSeason.startDateUtc }, /endDateUtc must be after startDateUtc/],
      [{ ...wholeSeason, startDateUtc: 'yesterday' }, /startDateUtc: must be an ISO 8601 date-time/],
      [{ ...wholeSeason, locationIds: ['1'] }, /locationIds/],
      [{ startDateUtc: wholeSeason.startDateUtc, endDateUtc: wholeSeason.endDateUtc }, /locationIds/],
    ];
    for (const [body, message] of cases) {
      const response = await search('blackouts/search', body);
      expect(response.status).toBe(400);
      expect((await response.json()).message).toMatch(message);
    }
  });

  it('answers 400 for a body that is not JSON', async () => {
    const response = await t.request('/locations/api/locations/blackouts/search', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"locationIds":' });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toMatch(/JSON/i);
  });
});

describe('POST /locations/api/locations/notifications/search', () => {
  it('returns blackouts and alerts for the window, each paged', async () => {
    const response = await search('notifications/search', { locationIds: [16, 34], startDateUtc: TEST_NOW.toISOString(), endDateUtc: '2026-11-23T21:00:00.000Z', allDay: false, page: 0, pageSize: 99 });
    expect(response.status).toBe(200);
    const body = v.parse(notificationsSearchResponseSchema, await response.json());
    expect(body.blackouts).toMatchObject({ totalElementCount: 0, results: [] });
    expect(body.alerts.totalElementCount).toBe(2);
    expect(body.alerts.results.map((a) => a.message)).toEqual([
      'Elevator maintenance — use the stairs at the Broadway entrance.',
      'Height limit 6\'8" at the Raymond Blvd entrance today during ramp repairs.',
    ]);
  });

  it('shows the Thanksgiving parade blackout on that morning', async () => {
    const body = v.parse(notificationsSearchResponseSchema, await (await search('notifications/search', {
      locationIds: [16], startDateUtc: '2026-11-26T14:00:00.000Z', endDateUtc: '2026-11-26T16:00:00.000Z', allDay: false, page: 0, pageSize: 99,
    })).json());
    expect(body.blackouts.results.map((b) => b.message)).toEqual([expect.stringContaining("Macy's Thanksgiving Day Parade")]);
    expect(body.alerts.results).toHaveLength(1);
  });

  it('answers 400 for a bad body', async () => {
    const response = await search('notifications/search', { locationIds: [16], startDateUtc: TEST_NOW.toISOString() });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toMatch(/endDateUtc/);
  });
});
