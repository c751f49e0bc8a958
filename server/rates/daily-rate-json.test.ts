/**
 * The search's hand-written JSON must be the bytes JSON.stringify gives, with characters above
 * U+007F escaped (the client reads the same response either way), and the rate instance content
 * exactly JSON.stringify's UTF-8 (the id is a hash of it, so a single differing byte would change
 * every id).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DailyRate } from '../../src/contract/rates.ts';
import { instanceContent, instanceContentBytes, priceDailyStays } from './daily-pricing.ts';
import { dailyRatesJson } from './daily-rate-json.ts';
import { asciiJson, JsonBytes } from './json-bytes.ts';
import type { PricedGarage, PricingSnapshot } from './pricing-snapshot.ts';
import { rateInstanceIdFor, rateInstanceIdForJson } from './rate-instance-id.ts';
import { JERSEY_CITY_CARD, MIDTOWN_CARD } from './test-cards.ts';

const NOW = new Date('2026-11-23T11:00:00Z'); // Monday 6:00 AM in New York

function garage(locationId: number, extra: Partial<PricedGarage>): PricedGarage {
  const location = { locationId, latitude: 40.75658, longitude: -73.9842, seoUrl: `garage-${locationId}`, address1: `${locationId} W 44th St` };
  return {
    locationId, area: 'manhattan', arenaZone: false, oversized: true, latitude: location.latitude, longitude: location.longitude,
    seoUrl: location.seoUrl, address1: location.address1, location, hoursText: 'Open 24 Hours', card: MIDTOWN_CARD,
    events: [], blackouts: [], alerts: [], ...extra,
  };
}

const garages = [
  garage(1, {}),
  garage(2, { area: 'jersey-city', card: JERSEY_CITY_CARD, oversized: false, hoursText: 'Mon–Fri 6 AM–Midnight, Sat 7 AM–11 PM, Sun Closed' }),
  garage(3, { card: null }),
  garage(4, {
    area: 'newark', arenaZone: true,
    events: [{ eventRateId: 7, eventId: 70, eventName: 'Devils vs. "Rangers"', venueName: 'Prudential Center', startTime: new Date('2026-11-24T00:00:00Z'), cents: 4000 }],
    alerts: [{ locationAlertMessageId: 5, locationId: 4, startDateUtc: '2026-11-20T00:00:00.000Z', endDateUtc: '2026-12-31T00:00:00.000Z', allDay: true, message: 'Entrance on Mulberry St — use the “north” ramp.\nThank you.' }],
  }),
  garage(5, {
    area: 'brooklyn',
    blackouts: [{ blackoutId: 9, locationId: 5, startDateUtc: '2026-11-25T05:00:00.000Z', endDateUtc: '2026-11-26T05:00:00.000Z', allDay: true, message: 'Closed for the parade\t(setup) \\ sorry' }],
  }),
  garage(6, { area: 'secaucus', card: { ...MIDTOWN_CARD, oversize: { kind: 'percent', percent: 12.5 } } }),
];
const snapshot: PricingSnapshot = { revision: 1, garages: new Map(garages.map((g) => [g.locationId, g])) };
const pricer = {
  snapshots: { current: async () => snapshot, forSearch: async () => snapshot },
  instances: { save: async () => {} },
};

async function search(entryMs: number, minutes: number, coupon?: { code: string; discountType: 'PERCENT' | 'FIXED'; discountValue: number }): Promise<DailyRate[]> {
  return priceDailyStays(pricer, {
    locationIds: garages.map((g) => g.locationId),
    entry: new Date(entryMs),
    exit: new Date(entryMs + minutes * 60_000),
    now: NOW,
    shouldStore: false,
    freshness: 'search',
    coupon: coupon as never,
  });
}

/** What the search must answer: JSON.stringify's text, escaped to ASCII. */
const expectedAnswer = (rates: DailyRate[]) => asciiJson(JSON.stringify(rates));
const answerText = (rates: DailyRate[]) => {
  const bytes = dailyRatesJson(rates);
  expect(bytes.every((byte) => byte < 0x80)).toBe(true);
  return bytes.toString('latin1');
};

const numberWriter = new JsonBytes('ascii');
const num = (value: number) => numberWriter.number(value).view().toString('latin1');

describe('dailyRatesJson', () => {
  it('is JSON.stringify escaped to ASCII byte for byte, reads back as the same rates, and each id hashes the same content text, over random stays at six kinds of garage', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: -2 * 60, max: 14 * 24 * 60 }),
        fc.integer({ min: 1, max: 4 * 24 * 60 }),
        fc.option(fc.record({ code: fc.constantFrom('SAVE10', 'HALF-"OFF"'), discountType: fc.constantFrom('PERCENT' as const, 'FIXED' as const), discountValue: fc.integer({ min: 1, max: 6000 }) }), { nil: undefined }),
        async (startMinute, minutes, coupon) => {
          const rates = await search(NOW.getTime() + startMinute * 60_000, minutes, coupon);
          const text = answerText(rates);
          expect(text).toBe(expectedAnswer(rates));
          expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(rates)));
          for (const rate of rates) {
            expect(instanceContentBytes(rate).toString('utf8')).toBe(JSON.stringify(instanceContent(rate)));
            if (rate.rateId !== 0) expect(rate.rateInstanceId).toBe(rateInstanceIdFor(instanceContent(rate)));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('covers event rates, blackouts, alerts and closed garages (so the property above met them)', async () => {
    const atEvent = await search(Date.parse('2026-11-23T23:00:00Z'), 180);
    expect(atEvent.find((rate) => rate.locationId === 4)).toMatchObject({ isEventRate: true, eventId: 70 });
    expect(atEvent.find((rate) => rate.locationId === 4)?.alerts).toHaveLength(1);
    const atParade = await search(Date.parse('2026-11-25T15:00:00Z'), 120);
    expect(atParade.find((rate) => rate.locationId === 5)?.blackouts).toHaveLength(1);
    const sunday = await search(Date.parse('2026-11-29T15:00:00Z'), 120);
    expect(sunday.find((rate) => rate.locationId === 2)?.rateMessage).toMatch(/closed/);
    for (const rates of [atEvent, atParade, sunday]) expect(answerText(rates)).toBe(expectedAnswer(rates));
    expect(answerText([])).toBe('[]');
    // The en dash of "Mon–Fri" and the curly quotes of the alert are escaped, and read back as themselves.
    const text = answerText(atEvent);
    expect(text).toContain('\\u201cnorth\\u201d');
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(atEvent)));
  });

  it('an id from the written-out text equals the id from the object', () => {
    const content = { a: 1, b: 'x' };
    expect(rateInstanceIdForJson(JSON.stringify(content))).toBe(rateInstanceIdFor(content as never));
  });
});

describe('JsonBytes.number', () => {
  it('prints every cents amount from -$1,000.00 to $10,000.00 as JSON.stringify does', () => {
    for (let cents = -100_000; cents <= 1_000_000; cents++) {
      const dollars = cents / 100;
      if (num(dollars) !== JSON.stringify(dollars)) expect(num(dollars)).toBe(JSON.stringify(dollars));
    }
  });

  it('prints any double as JSON.stringify does', () => {
    fc.assert(fc.property(fc.double(), (value) => num(value) === JSON.stringify(value)), { numRuns: 20_000 });
    fc.assert(fc.property(fc.integer({ min: -(10 ** 15), max: 10 ** 15 }), (cents) => num(cents / 100) === JSON.stringify(cents / 100)), { numRuns: 20_000 });
    for (const value of [0, -0, 18.375, 10.375, 0.1 + 0.2, 1e21, 1e-7, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_VALUE]) expect(num(value)).toBe(JSON.stringify(value));
  });
});

describe('JsonBytes', () => {
  it('grows past its first buffer without losing what it wrote, and starts each text afresh', () => {
    const json = new JsonBytes('exact', 8);
    const long = `Closed “for the parade” ${'x'.repeat(70_000)}`;
    json.raw('{"message":').string(long).raw(',"amounts":[').number(12.5).comma().number(-0).comma().number(1e21).comma().number(0.1 + 0.2).raw(']}');
    expect(json.take().toString('utf8')).toBe(JSON.stringify({ message: long, amounts: [12.5, -0, 1e21, 0.1 + 0.2] }));
    expect(json.raw('[]').take().toString('utf8')).toBe('[]');
  });
});
