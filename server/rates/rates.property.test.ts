/** Invariants of the rate engine over random rate cards, stays, amounts and months (fast-check). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOCATION_AREAS } from '../../src/contract/locations.ts';
import { calculateDailyCharges } from './daily-charges.ts';
import { calculateDailyRate, priceOnHourlyTiers } from './daily-rate.ts';
import { toLocal } from './local-time.ts';
import { allocateMonthByDay, proRateFromDay } from './monthly-rate.ts';
import type { HourlyTier, RateCard, WindowSpecial } from './rate-card.ts';
import { calculateTax, taxComponents, totalRateThousandths } from './taxes.ts';

const NOW = new Date('2026-11-23T19:00:00Z');

const tiersArb = fc
  .uniqueArray(fc.integer({ min: 1, max: 46 }), { minLength: 0, maxLength: 6 })
  .chain((halfHours) =>
    fc.array(fc.integer({ min: 0, max: 1500 }), { minLength: halfHours.length + 1, maxLength: halfHours.length + 1 }).map((steps) => {
      const limits = [...halfHours.sort((a, b) => a - b).map((n) => n * 30), 1440];
      let cents = 0;
      return limits.map((upToMinutes, index): HourlyTier => {
        cents += steps[index] ?? 0;
        return { rateId: index + 1, upToMinutes, cents: Math.max(cents, 100) };
      });
    }),
  );

const specialArb: fc.Arbitrary<WindowSpecial> = fc.record({
  rateId: fc.integer({ min: 100, max: 200 }),
  kind: fc.constantFrom('early-bird', 'night', 'weekend', 'max-to-close'),
  days: fc.subarray([1, 2, 3, 4, 5, 6, 7] as const, { minLength: 1 }).map((days) => [...days]),
  enterFrom: fc.integer({ min: 0, max: 1380 }),
  enterUntil: fc.integer({ min: 60, max: 1440 }),
  leaveBy: fc.integer({ min: 60, max: 2880 }),
  cents: fc.integer({ min: 500, max: 6000 }),
});

const cardArb = (withSpecials: boolean): fc.Arbitrary<RateCard> =>
  fc.record({
    weekday: tiersArb,
    weekend: tiersArb,
    specials: withSpecials ? fc.array(specialArb, { maxLength: 4 }) : fc.constant<WindowSpecial[]>([]),
    surcharge: fc.integer({ min: 0, max: 2000 }),
  }).map(({ weekday, weekend, specials, surcharge }): RateCard => ({
    locationId: 1,
    hours: null,
    hourly: [{ days: [1, 2, 3, 4, 5], tiers: weekday }, { days: [6, 7], tiers: weekend }],
    specials,
    oversize: { kind: 'surcharge', centsPerDay: surcharge },
    serviceFeeCents: 249,
    eventServiceFeeCents: 399,
  }));

// Entries within the next 80 days on a 5-minute grid, stays up to 30 days.
const entryArb = fc.integer({ min: 0, max: 80 * 24 * 12 }).map((steps) => new Date(NOW.getTime() + steps * 300_000));
const minutesArb = fc.integer({ min: 1, max: 30 * 1440 });
const taxContextArb = fc.record({
  area: fc.constantFrom(...LOCATION_AREAS),
  arenaZone: fc.boolean(),
  isEventRate: fc.boolean(),
  isResident: fc.boolean(),
  isTaxExempt: fc.boolean(),
});

describe('rate engine invariants', () => {
  it('a price, its tax, fee and oversize amounts are never negative', () => {
    fc.assert(
      fc.property(cardArb(true), entryArb, minutesArb, taxContextArb, fc.option(fc.integer({ min: 0, max: 10_000 })), (card, entry, minutes, tax, fixedOff) => {
        const quote = calculateDailyRate({ card, entry, exit: new Date(entry.getTime() + minutes * 60_000), now: NOW, events: [], blackoutMessages: [], hoursText: '' });
        if (!quote.isAvailable) return;
        expect(quote.cents).toBeGreaterThanOrEqual(0);
        const charges = calculateDailyCharges({
          boardCents: quote.cents, durationMinutes: minutes, oversize: card.oversize, locationAcceptsOversized: true, serviceFeeCents: 249, tax,
          coupon: fixedOff === null ? undefined : { discountType: 'FIXED', discountValue: fixedOff },
        });
        for (const value of [charges.rateCents, charges.taxCents, charges.rateWithTaxCents, charges.oversizeRateCents, charges.oversizeSurchargeCents]) {
          expect(value).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it('on the hourly tiers a longer stay is never cheaper', () => {
    fc.assert(
      fc.property(cardArb(false), entryArb, minutesArb, minutesArb, (card, entry, a, b) => {
        const local = toLocal(entry);
        const [shorter, longer] = a <= b ? [a, b] : [b, a];
        expect(priceOnHourlyTiers(card, local, longer).cents).toBeGreaterThanOrEqual(priceOnHourlyTiers(card, local, shorter).cents);
      }),
    );
  });

  it('with specials, a longer stay is cheaper only when an early-bird/night/weekend/max-to-close special prices it', () => {
    fc.assert(
      fc.property(cardArb(true), entryArb, minutesArb, minutesArb, (card, entry, a, b) => {
        const [shorter, longer] = a <= b ? [a, b] : [b, a];
        const price = (minutes: number) =>
          calculateDailyRate({ card, entry, exit: new Date(entry.getTime() + minutes * 60_000), now: NOW, events: [], blackoutMessages: [], hoursText: '' });
        const short = price(shorter);
        const long = price(longer);
        if (!short.isAvailable || !long.isAvailable) return;
        if (long.cents < short.cents) expect(long.rateMessage).not.toBe('Hourly Rate');
      }),
    );
  });

  it('tax equals the jurisdiction rate within a cent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5_000_000 }), taxContextArb, (cents, context) => {
        const tax = calculateTax(cents, context);
        const exact = (cents * totalRateThousandths(taxComponents(context))) / 100_000;
        expect(Math.abs(tax.totalCents - exact)).toBeLessThanOrEqual(1);
        expect(tax.lines.reduce((sum, line) => sum + line.cents, 0)).toBe(tax.totalCents);
      }),
    );
  });

  it('monthly proration: the rest of the month plus the days before the start is the full month', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 500_000 }), fc.integer({ min: 28, max: 31 }), fc.integer({ min: 1, max: 31 }), (month, days, start) => {
        const startDay = Math.min(start, days);
        const before = allocateMonthByDay(month, days).slice(0, startDay - 1).reduce((sum, day) => sum + day, 0);
        expect(proRateFromDay(month, days, startDay) + before).toBe(month);
        expect(proRateFromDay(month, days, 1)).toBe(month);
        for (const day of allocateMonthByDay(month, days)) expect(Math.abs(day - month / days)).toBeLessThan(1);
      }),
    );
  });

  it('a later start never costs more for the rest of the month', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 500_000 }), fc.integer({ min: 28, max: 31 }), fc.integer({ min: 1, max: 30 }), (month, days, start) => {
        const day = Math.min(start, days - 1);
        expect(proRateFromDay(month, days, day + 1)).toBeLessThanOrEqual(proRateFromDay(month, days, day));
      }),
    );
  });

});
