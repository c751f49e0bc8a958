/**
 * The device's next-price-step rules (src/lib/next-price-step.ts) against the server's rate
 * engine itself: every price the device computes from the board it was sent (`buildRateBoard`'s
 * `pricing`) must be what the ticket pricer (server/parking-system/ticket-pricing.ts over
 * daily-rate.ts, taxes.ts) charges for the same stay, at tier edges, across midnight, on weekends,
 * in event windows and across both daylight-saving switches. No expected number is typed here.
 */
import { describe, expect, it } from 'vitest';
import { leaveByMinute, nextPriceStep, nextPriceStepFor, priceStepText, stayPrice } from '../../src/contract/next-price-step.ts';
import { createTicketPricer } from '../parking-system/ticket-pricing.ts';
import type { EventRateOffer } from './daily-rate.ts';
import type { PricedGarage, PricingSnapshots } from './pricing-snapshot.ts';
import { buildRateBoard, eventsForParkedCars, PARKED_LOOKBACK_MS } from './rate-board.ts';
import type { RateCard } from './rate-card.ts';
import { buildRateCard } from './seed-rate-cards.ts';

const MINUTE_MS = 60_000;
const at = (iso: string) => Date.parse(iso);

type Garage = { card: RateCard; area: PricedGarage['area']; arenaZone: boolean; events: EventRateOffer[] };

/** The real ticket pricer over one garage, and the board the device would have saved for it. */
function garageUnderTest({ card, area, arenaZone, events }: Garage) {
  const garage = { locationId: card.locationId, card, area, arenaZone, oversized: true, events, blackouts: [], alerts: [] } as unknown as PricedGarage;
  const snapshots: PricingSnapshots = { current: async () => ({ revision: 1, garages: new Map([[card.locationId, garage]]) }), forSearch: async () => ({ revision: 1, garages: new Map([[card.locationId, garage]]) }) };
  const priceTicket = createTicketPricer(snapshots);
  const board = buildRateBoard(card, {
    area,
    arenaZone,
    acceptsOversized: true,
    hoursText: 'Open 24 hours',
    events: events.map((event) => ({ eventName: event.eventName, venueName: event.venueName, start: event.startTime, cents: event.cents })),
    monthly: [],
  });
  if (!board.pricing) throw new Error('the board carries its pricing');
  const pricing = board.pricing;
  /** What the engine charges for the stay: the ticket's amount (rate with tax) plus its service fee. */
  const enginePrice = async (entry: number, exit: number) => {
    const price = await priceTicket(card.locationId, new Date(entry), new Date(exit));
    return price.amountCents + (price.amountCents > 0 ? price.serviceFeeCents : 0);
  };
  return { pricing, enginePrice };
}

const twentyFourHours = buildRateCard({ locationId: 7, area: 'manhattan', oversized: true, hours: null });
const closesAt11 = buildRateCard({
  locationId: 12,
  area: 'jersey-city',
  oversized: true,
  hours: { 1: { opensAt: 360, closesAt: 1380 }, 2: { opensAt: 360, closesAt: 1380 }, 3: { opensAt: 360, closesAt: 1380 }, 4: { opensAt: 360, closesAt: 1380 }, 5: { opensAt: 360, closesAt: 1380 }, 6: { opensAt: 420, closesAt: 1320 }, 7: null },
});
const arenaEvent: EventRateOffer = { eventRateId: 1, eventId: 9, eventName: 'Devils vs Rangers', venueName: 'Prudential Center', startTime: new Date('2026-11-27T00:30:00Z'), cents: 3500 };

const GARAGES: Record<string, Garage> = {
  'Manhattan, 24 hours (night and weekend specials)': { card: twentyFourHours, area: 'manhattan', arenaZone: false, events: [] },
  'Jersey City, closes at 11 PM (max to close)': { card: closesAt11, area: 'jersey-city', arenaZone: false, events: [] },
  'Newark arena zone, with an event': { card: buildRateCard({ locationId: 31, area: 'newark', oversized: true, hours: null }), area: 'newark', arenaZone: true, events: [arenaEvent] },
};

/** Entries (New York time in comments): weekday morning, early bird, evening, late night, weekend, event window, both DST switches. */
const ENTRIES = [
  '2026-11-25T15:33:29Z', // Wed 10:33:29 AM
  '2026-11-24T12:05:00Z', // Tue 7:05 AM, early-bird window
  '2026-11-24T23:10:10Z', // Tue 6:10 PM, night window
  '2026-11-25T04:50:00Z', // Tue 11:50 PM: the stay crosses midnight
  '2026-11-28T13:00:00Z', // Sat 8:00 AM, weekend
  '2026-11-26T23:00:00Z', // Thu 6:00 PM, the arena event's arrival window
  '2026-10-31T23:30:00Z', // Sat 7:30 PM EDT, the night before clocks fall back
  '2026-11-01T05:20:00Z', // Sun 1:20 AM EDT, inside the repeated hour
  '2026-03-07T23:30:00Z', // Sat 6:30 PM EST, the night before clocks spring forward
  '2026-03-08T06:45:00Z', // Sun 1:45 AM EST, just before the skipped hour
].map(at);

describe.each(Object.entries(GARAGES))('the device prices a stay as the rate engine does: %s', (_name, garage) => {
  const { pricing, enginePrice } = garageUnderTest(garage);

  it('at every tier edge (a minute before, on it, a minute after), on every whole 5 minutes for 26 hours and every 17 minutes for 50', async () => {
    const edges = pricing.hourly.flatMap((set) => set.tiers.map((tier) => tier.upToMinutes));
    for (const entry of ENTRIES) {
      const offsets = new Set<number>();
      for (let minutes = 0; minutes <= 50 * 60; minutes += 17) offsets.add(minutes * MINUTE_MS + 7_000);
      // Exactly on the minute too: a special's "out by 7 PM" holds at 7:00:00 and not a moment after.
      for (let minutes = 0; minutes <= 26 * 60; minutes += 5) offsets.add(minutes * MINUTE_MS);
      for (const day of [0, 1]) for (const edge of edges) for (const delta of [-1, 0, 1]) offsets.add((day * 1440 + edge + delta) * MINUTE_MS);
      for (const offset of offsets) {
        const exit = entry + offset;
        expect(stayPrice(pricing, entry, exit), `entry ${new Date(entry).toISOString()}, exit ${new Date(exit).toISOString()}`).toBe(await enginePrice(entry, exit));
      }
    }
  });

  it('the next step: the price holds until "leave by", and the engine charges "then" one moment later', async () => {
    for (const entry of ENTRIES) {
      for (const parkedMinutes of [0, 10, 59, 61, 179, 600, 1439, 1441]) {
        const now = entry + parkedMinutes * MINUTE_MS + 3_000;
        const step = nextPriceStep(pricing, entry, now);
        if (!step) throw new Error(`no next step for entry ${new Date(entry).toISOString()}`);
        const label = `entry ${new Date(entry).toISOString()}, now ${new Date(now).toISOString()}`;
        expect(step.nowCents, label).toBe(await enginePrice(entry, now));
        expect(await enginePrice(entry, step.leaveByMs), label).toBe(step.nowCents);
        expect(await enginePrice(entry, step.leaveByMs + 1), label).toBe(step.thenCents);
        expect(step.thenCents).toBeGreaterThan(step.nowCents);
        // No earlier step: every minute until "leave by" costs what leaving now costs.
        for (let t = now; t < step.leaveByMs; t += MINUTE_MS) expect(await enginePrice(entry, t), `${label}, exit ${new Date(t).toISOString()}`).toBe(step.nowCents);
      }
    }
  });
});

describe('the minute shown as "leave by"', () => {
  const { pricing } = garageUnderTest(GARAGES['Manhattan, 24 hours (night and weekend specials)'] as Garage);

  it('is the last minute wholly before a tier step (entry 10:33:29 AM, 2 hours → 12:33 PM)', () => {
    const entry = at('2026-11-25T15:33:29Z');
    const step = nextPriceStep(pricing, entry, entry + 61 * MINUTE_MS);
    // 12:33 PM EST.
    expect(step && leaveByMinute(step)).toBe(at('2026-11-25T17:33:00Z'));
  });

  it("is a special's own deadline when the step is that deadline (night rate, out by 6 AM, across the fall switch)", () => {
    const night = twentyFourHours.specials.find((special) => special.kind === 'night');
    if (!night) throw new Error('a 24-hour garage posts a night rate');
    expect(night.enterFrom).toBeLessThanOrEqual(19 * 60 + 30);
    const entry = at('2026-10-31T23:30:00Z'); // Sat 7:30 PM EDT
    const step = nextPriceStep(pricing, entry, at('2026-11-01T10:00:00Z'));
    // 6 AM EST on Nov 1 is 11:00 UTC (the night was 25 hours long).
    expect(step && leaveByMinute(step)).toBe(at('2026-11-01T11:00:00Z'));
  });
});

describe('the line for a ticket', () => {
  const { pricing, enginePrice } = garageUnderTest(GARAGES['Manhattan, 24 hours (night and weekend specials)'] as Garage);
  const entry = at('2026-11-25T15:33:29Z');
  const now = entry + 61 * MINUTE_MS;

  it('is shown when the board prices the stay as the garage did, and reads as the driver pays', async () => {
    const charged = await enginePrice(entry, entry + 61 * MINUTE_MS);
    const step = nextPriceStepFor(pricing, { entry, minutesAtFetch: 61, chargedCents: charged }, now);
    if (!step) throw new Error('the board prices this stay');
    const time = (instant: number) => new Date(instant).toISOString().slice(11, 16);
    expect(priceStepText(step, now, time)).toBe(
      `$${(step.nowCents / 100).toFixed(2)} if you leave by 17:33 (${Math.floor((leaveByMinute(step) + MINUTE_MS - now) / MINUTE_MS)} min left) · then $${(step.thenCents / 100).toFixed(2)}`,
    );
    expect(priceStepText(step, leaveByMinute(step) + 30_000, time)).toContain('(under 1 min left)');
  });

  it('is not shown when the garage charged something else (a coupon, a reservation credit, an audit review)', async () => {
    const charged = await enginePrice(entry, entry + 61 * MINUTE_MS);
    expect(nextPriceStepFor(pricing, { entry, minutesAtFetch: 61, chargedCents: charged - 500 }, now)).toBeUndefined();
  });
});

describe('a car still parked from an event that has ended', () => {
  // A 7:30 PM game of 3 hours at a Manhattan garage: in at 8:25 PM (inside the arrival window), read at 10:45 PM.
  const start = at('2026-12-07T00:30:00Z'); // Sun 7:30 PM EST
  const entry = at('2026-12-07T01:25:00Z');
  const now = at('2026-12-07T03:45:00Z');
  const game: EventRateOffer = { eventRateId: 2, eventId: 10, eventName: 'Knicks vs. Celtics', venueName: 'Madison Square Garden', startTime: new Date(start), cents: 4500 };
  const card = buildRateCard({ locationId: 1, area: 'manhattan', oversized: true, hours: null });
  const boardWith = (pricedEvents: { start: Date; cents: number }[]) => {
    const board = buildRateBoard(card, { area: 'manhattan', arenaZone: false, acceptsOversized: true, hoursText: 'Open 24 hours', events: [], pricedEvents, monthly: [] });
    if (!board.pricing) throw new Error('the board carries its pricing');
    return board.pricing;
  };

  it('gets its next price step from a board that carries the events of parked cars, as the garage prices it', async () => {
    const { enginePrice } = garageUnderTest({ card, area: 'manhattan', arenaZone: false, events: [game] });
    const charged = await enginePrice(entry, now);
    const parked = { entry, minutesAtFetch: (now - entry) / MINUTE_MS, chargedCents: charged };
    const events = eventsForParkedCars([game], new Date(now)).map((event) => ({ start: event.startTime, cents: event.cents }));
    expect(nextPriceStepFor(boardWith(events), parked, now)?.nowCents).toBe(charged);
    // A board of upcoming events only (the game is over) prices the stay at the night rate: no step.
    expect(nextPriceStepFor(boardWith([]), parked, now)).toBeUndefined();
  });

  it('carries an event if a car parked within the lookback can have arrived for it, and no other', () => {
    const hours = (count: number) => new Date(now + count * 3_600_000);
    const offer = (startTime: Date): EventRateOffer => ({ ...game, startTime });
    const lookbackHours = PARKED_LOOKBACK_MS / 3_600_000;
    const starts = [hours(-lookbackHours - 2), hours(-lookbackHours), hours(-3), hours(2), hours(4)];
    expect(eventsForParkedCars(starts.map(offer), new Date(now)).map((event) => event.startTime)).toEqual([hours(-lookbackHours), hours(-3), hours(2)]);
  });
});
