import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { dailyRateListSchema, dailyRateSchema, eventRatesSchema, eventSchema, NO_RATE_INSTANCE_ID, rateBoardSchema } from '../../src/contract/rates.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { SEARCH_REVISION_CHECK_MS } from './pricing-snapshot.ts';

// TEST_NOW is Monday 2026-11-23 2:00 PM in New York (19:00Z); New York is UTC−5 that week.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const calculate = (json: unknown) => t.request('/rates/api/rates/calculate', { method: 'POST', json });
const TUESDAY_8_AM = '2026-11-24T13:00:00.000Z';
const TUESDAY_6_PM = '2026-11-24T23:00:00.000Z';

describe('POST /rates/api/rates/calculate', () => {
  it('Midtown garage 1, Tue in 8 AM out 6 PM: Early Bird $24.00 + 18.375% tax $4.41 = $28.41, stored as a rate instance', async () => {
    const response = await calculate({ locationId: 1, entryTimeUtc: TUESDAY_8_AM, exitTimeUtc: TUESDAY_6_PM, UseDatabaseRateMatching: true });
    expect(response.status).toBe(200);
    const rate = v.parse(dailyRateSchema, await response.json());
    expect(rate).toMatchObject({ locationId: 1, rateType: 'DAILY', rate: 24, tax: 4.41, rateWithTax: 28.41, rateMessage: 'Early Bird Rate', disabled: false, isEventRate: false, serviceFeeAmount: 2.49 });
    expect(rate.taxes.map((line) => line.ratePercent)).toEqual([10.375, 8]);
    expect(rate.location.seoUrl).toBeTruthy();
    const [row] = await t.db.query<{ rate_with_tax: number }>('select rate_with_tax from rate_instances where rate_instance_id = $1', [rate.rateInstanceId]);
    expect(row?.rate_with_tax).toBe(28.41);
  });

  it('the same quote twice has the same rate instance id and one stored row', async () => {
    const body = { locationId: 2, entryTimeUtc: '2026-11-24T15:00:00.000Z', exitTimeUtc: '2026-11-24T17:00:00.000Z' };
    const first = v.parse(dailyRateSchema, await (await calculate(body)).json());
    const second = v.parse(dailyRateSchema, await (await calculate(body)).json());
    expect(second.rateInstanceId).toBe(first.rateInstanceId);
    const [row] = await t.db.query<{ n: number }>('select count(*)::int as n from rate_instances where rate_instance_id = $1', [first.rateInstanceId]);
    expect(row?.n).toBe(1);
  });

  it('oversized at garage 1: surcharge $15.00 for one day, so ($24.00 + $15.00) × 1.18375 = $46.17, shown as +$17.76', async () => {
    const rate = v.parse(dailyRateSchema, await (await calculate({ locationId: 1, entryTimeUtc: TUESDAY_8_AM, exitTimeUtc: TUESDAY_6_PM })).json());
    expect(rate).toMatchObject({ noOversized: false, oversizeRate: 46.17, oversizeSurcharge: 17.76, oversizedServiceFeeAmount: 2.49 });
  });

  it('a garage that does not accept oversized vehicles says noOversized and prices oversize at 0', async () => {
    const [garage] = await t.db.query<{ location_id: number }>('select location_id from locations where not oversized order by location_id limit 1');
    const rate = v.parse(dailyRateSchema, await (await calculate({ locationId: garage?.location_id, entryTimeUtc: TUESDAY_8_AM, exitTimeUtc: TUESDAY_6_PM })).json());
    expect(rate).toMatchObject({ noOversized: true, oversizeRate: 0, oversizeSurcharge: 0 });
  });

  it('a garage closed on weekends gives rate 0, the all-zero id and the reason', async () => {
    const [garage] = await t.db.query<{ location_id: number }>("select location_id from locations where operating_hours_description like '%Sat–Sun Closed%' order by location_id limit 1");
    const rate = v.parse(dailyRateSchema, await (await calculate({ locationId: garage?.location_id, entryTimeUtc: '2026-11-28T17:00:00.000Z', exitTimeUtc: '2026-11-28T19:00:00.000Z' })).json());
    expect(rate).toMatchObject({ rateInstanceId: NO_RATE_INSTANCE_ID, rate: 0, rateWithTax: 0, disabled: true });
    expect(rate.rateMessage).toMatch(/^This location is closed at the selected arrival time/);
  });

  it('a blackout over the window gives rate 0 and lists the blackout', async () => {
    await t.db.query(
      `insert into location_blackouts (location_id, start_date_utc, end_date_utc, all_day, message) values (3, '2026-11-25T05:00:00Z', '2026-11-26T05:00:00Z', true, 'Closed for the Thanksgiving parade setup.')`,
    );
    const rate = v.parse(dailyRateSchema, await (await calculate({ locationId: 3, entryTimeUtc: '2026-11-25T15:00:00.000Z', exitTimeUtc: '2026-11-25T17:00:00.000Z' })).json());
    expect(rate).toMatchObject({ rateInstanceId: NO_RATE_INSTANCE_ID, disabled: true, rateMessage: 'This location is not available for the selected time: Closed for the Thanksgiving parade setup.' });
    expect(rate.blackouts).toHaveLength(1);
  });

  it.each([
    [{ locationId: 1, entryTimeUtc: 'tomorrow', exitTimeUtc: TUESDAY_6_PM }, /entryTimeUtc: must be an ISO 8601 date-time/],
    [{ locationId: 1, entryTimeUtc: TUESDAY_6_PM, exitTimeUtc: TUESDAY_8_AM }, /exitTimeUtc must be after entryTimeUtc/],
    [{ locationId: 1, entryTimeUtc: TUESDAY_8_AM, exitTimeUtc: '2026-12-25T13:00:00.000Z' }, /cannot be longer than 30 days/],
    [{ locationId: 1, entryTimeUtc: '2027-03-01T13:00:00.000Z', exitTimeUtc: '2027-03-01T15:00:00.000Z' }, /^Reservations can be made up to 90 days ahead\.$/],
    [{ entryTimeUtc: TUESDAY_8_AM, exitTimeUtc: TUESDAY_6_PM }, /locationId/],
    [{ locationId: -3, entryTimeUtc: TUESDAY_8_AM, exitTimeUtc: TUESDAY_6_PM }, /locationId must be positive/],
  ])('400 for %j', async (body, message) => {
    const response = await calculate(body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(message);
  });

  it('404 for an unknown garage', async () => {
    const response = await calculate({ locationId: 9999, entryTimeUtc: TUESDAY_8_AM, exitTimeUtc: TUESDAY_6_PM });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Location 9999 was not found.' });
  });
});

describe('POST /rates/api/rates/calculate-multiple', () => {
  it('prices every garage in one call, in the order asked', async () => {
    const ids = (await t.db.query<{ id: number }>('select location_id as id from locations order by location_id desc')).map((row) => row.id);
    const response = await t.request('/rates/api/rates/calculate-multiple', { method: 'POST', json: { locationIds: ids, entryTimeUtc: TUESDAY_8_AM, exitTimeUtc: TUESDAY_6_PM } });
    expect(response.status).toBe(200);
    const rates = v.parse(dailyRateListSchema, await response.json());
    expect(rates.map((rate) => rate.locationId)).toEqual(ids);
    expect(rates.filter((rate) => !rate.disabled).length).toBeGreaterThan(ids.length / 2);
    for (const rate of rates) expect(rate.disabled).toBe(rate.rateWithTax === 0);
  });

  it('returns the same content-derived rate instance ids that a single-garage calculation stores', async () => {
    const body = { entryTimeUtc: '2026-11-25T15:00:00.000Z', exitTimeUtc: '2026-11-25T18:00:00.000Z' };
    const [fromSearch] = v.parse(dailyRateListSchema, await (await t.request('/rates/api/rates/calculate-multiple', { method: 'POST', json: { ...body, locationIds: [7] } })).json());
    const single = v.parse(dailyRateSchema, await (await calculate({ ...body, locationId: 7 })).json());
    expect(single.rateInstanceId).toBe(fromSearch?.rateInstanceId);
  });

  it(`sees a rate card changed behind its back: the search within ${SEARCH_REVISION_CHECK_MS} ms, the quote that is stored on the very next request`, async () => {
    const stay = { entryTimeUtc: '2026-11-25T20:00:00.000Z', exitTimeUtc: '2026-11-25T21:00:00.000Z' };
    const search = async () => v.parse(dailyRateListSchema, await (await t.request('/rates/api/rates/calculate-multiple', { method: 'POST', json: { ...stay, locationIds: [10] } })).json())[0];
    const pinned = t.clock.now;
    try {
      const before = await search();
      await t.db.query(`update rate_cards set card = jsonb_set(card, '{hourly,0,tiers,0,cents}', '9900') where location_id = 10`);
      // The search checks the pricing revision at most once per SEARCH_REVISION_CHECK_MS (pricing-snapshot.ts).
      t.clock.now = new Date(pinned.getTime() + SEARCH_REVISION_CHECK_MS);
      const after = await search();
      expect(before?.rate).not.toBe(99);
      expect(after?.rate).toBe(99);

      // The single-garage quote (the one a reservation refers to) checks on every request: no clock needed.
      await t.db.query(`update rate_cards set card = jsonb_set(card, '{hourly,0,tiers,0,cents}', '9800') where location_id = 10`);
      const quote = v.parse(dailyRateSchema, await (await calculate({ ...stay, locationId: 10 })).json());
      expect(quote.rate).toBe(98);
    } finally {
      t.clock.now = pinned;
    }
  });

  it('404 naming the unknown garages', async () => {
    const response = await t.request('/rates/api/rates/calculate-multiple', { method: 'POST', json: { locationIds: [1, 998, 999], entryTimeUtc: TUESDAY_8_AM, exitTimeUtc: TUESDAY_6_PM } });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Locations 998, 999 were not found.' });
  });

  it('400 for an empty list', async () => {
    const response = await t.request('/rates/api/rates/calculate-multiple', { method: 'POST', json: { locationIds: [], entryTimeUtc: TUESDAY_8_AM, exitTimeUtc: TUESDAY_6_PM } });
    expect(response.status).toBe(400);
  });
});

describe('events', () => {
  it('GET /rates/api/events/{id} and /rates: tonight\'s Knicks game at MSG, nearby garages at the Event Rate', async () => {
    const [row] = await t.db.query<{ event_id: number }>("select event_id from events where venue_name = 'Madison Square Garden' order by start_time_utc limit 1");
    const event = v.parse(eventSchema, await (await t.request(`/rates/api/events/${row?.event_id}`)).json());
    expect(event).toMatchObject({ eventName: 'New York Knicks vs. Boston Celtics', startTimeUtc: '2026-11-24T00:30:00.000Z' });
    const { rates } = v.parse(eventRatesSchema, await (await t.request(`/rates/api/events/${row?.event_id}/rates`)).json());
    expect(rates.length).toBeGreaterThan(0);
    for (const rate of rates.filter((r) => !r.disabled)) expect(rate).toMatchObject({ isEventRate: true, rateMessage: 'Event Rate', eventId: event.eventId, serviceFeeAmount: 3.99 });
  });

  it('Newark arena zone at a Devils game: 15% municipal + 7% event surcharge replaces the 3.5%', async () => {
    const [row] = await t.db.query<{ event_id: number }>("select event_id from events where event_name like 'New Jersey Devils%'");
    const { rates } = v.parse(eventRatesSchema, await (await t.request(`/rates/api/events/${row?.event_id}/rates`)).json());
    const arena = rates.filter((rate) => rate.locationId === 36 || rate.locationId === 37).filter((rate) => !rate.disabled);
    expect(arena.length).toBeGreaterThan(0);
    for (const rate of arena) {
      expect(rate.taxes.map((line) => [line.name, line.ratePercent])).toEqual([['Municipal parking tax', 15], ['Newark arena event surcharge', 7]]);
      expect(rate.tax).toBeCloseTo(rate.rate * 0.22, 2);
    }
  });

  it('404 for an unknown event, 400 for a bad id', async () => {
    expect((await t.request('/rates/api/events/99999')).status).toBe(404);
    expect((await t.request('/rates/api/events/abc/rates')).status).toBe(400);
  });
});

describe('GET /rates/api/rate-cards/locations/{id}', () => {
  it('reads like the board at the entrance', async () => {
    const board = v.parse(rateBoardSchema, await (await t.request('/rates/api/rate-cards/locations/1')).json());
    const texts = board.sections.flatMap((section) => section.lines.map((line) => line.text));
    expect(board.sections[0]?.title).toBe('Hourly rates Mon–Fri');
    expect(texts).toContain('Up to 1 hour $22.00');
    expect(texts.some((text) => /^Early Bird Mon–Fri \(in 6–(10|9:30) AM, out by (7|6:30) PM\) \$24\.00$/.test(text))).toBe(true);
    expect(board.sections.at(-1)?.notes).toContain('Rates are before tax. NYC parking tax 10.375% + Manhattan parking surcharge 8% is added.');
  });

  it('404 for an unknown garage', async () => {
    expect((await t.request('/rates/api/rate-cards/locations/9999')).status).toBe(404);
  });
});
