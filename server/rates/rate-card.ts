/**
 * The rate card: everything a garage's posted rate board says, as data. One card per garage,
 * stored as JSONB in `rate_cards` (validated by `rateCardSchema` when loaded).
 *
 *   hourly       tier sets chosen by the entry day ("Mon–Fri" / "Sat–Sun"); each tier is
 *                "up to N minutes: $X", the last one "Max 24 hours". Stays past 24 hours pay
 *                the 24-hour maximum per full day plus the tier for the rest.
 *   specials     flat rates for a window: enter between `enterFrom` and `enterUntil` on one of
 *                `days`, leave by `leaveBy` (minutes after the entry day's midnight, so a night
 *                rate "out by 6 AM" is 1800). Early bird, night, weekend and max-to-close are
 *                all this one shape; the garage charges the cheapest that applies.
 *   hours        opening hours (from the location's posted text); null = 24 hours.
 *   oversize     a surcharge per started 24 hours, a percentage on the rate, or not accepted.
 *   fees         the online service fee per reservation (events have their own).
 *
 * Event rates are not on the card: they come from `event_rates` (an event at a nearby venue
 * overrides the board while it is on). Every line has a `rateId` (garage × 100 + line; event
 * rates are numbered from 1,000,000) that a rate instance records. All money is in cents.
 */
import * as v from 'valibot';
import type { DayOfWeek } from './local-time.ts';
import type { Cents } from './money.ts';
import type { WeeklyHours } from './operating-hours.ts';

export type HourlyTier = { rateId: number; upToMinutes: number; cents: Cents };
export type HourlyTierSet = { days: DayOfWeek[]; tiers: HourlyTier[] };

export const SPECIAL_KINDS = ['early-bird', 'night', 'weekend', 'max-to-close'] as const;
export type SpecialKind = (typeof SPECIAL_KINDS)[number];

export type WindowSpecial = {
  rateId: number;
  kind: SpecialKind;
  days: DayOfWeek[];
  enterFrom: number;
  enterUntil: number;
  leaveBy: number;
  cents: Cents;
};

export type OversizePolicy =
  | { kind: 'surcharge'; centsPerDay: Cents }
  | { kind: 'percent'; percent: number }
  | { kind: 'not-accepted' };

export type RateCard = {
  locationId: number;
  hours: WeeklyHours;
  hourly: HourlyTierSet[];
  specials: WindowSpecial[];
  oversize: OversizePolicy;
  serviceFeeCents: Cents;
  eventServiceFeeCents: Cents;
};

/** The 24-hour maximum: the longest tier of a set. */
export function dailyMaximum(set: HourlyTierSet): HourlyTier {
  const last = set.tiers[set.tiers.length - 1];
  if (!last) throw new Error('a tier set has at least one tier');
  return last;
}

/** The tier set for a day; a valid card covers every day of the week. */
export function tierSetFor(card: RateCard, day: DayOfWeek): HourlyTierSet {
  const set = card.hourly.find((candidate) => candidate.days.includes(day)) ?? card.hourly[0];
  if (!set) throw new Error(`rate card ${card.locationId} has no hourly tiers`);
  return set;
}

export const SPECIAL_MESSAGES: Record<SpecialKind, string> = {
  'early-bird': 'Early Bird Rate',
  night: 'Night Rate',
  weekend: 'Weekend Rate',
  'max-to-close': 'Max to Close',
};

// ---------------------------------------------------------------- stored form

const cents = v.pipe(v.number(), v.integer(), v.minValue(0));
const minutes = v.pipe(v.number(), v.minValue(0), v.maxValue(2880));
const day = v.picklist([1, 2, 3, 4, 5, 6, 7] as const);
const dayHours = v.nullable(v.object({ opensAt: minutes, closesAt: minutes }));

export const rateCardSchema = v.object({
  locationId: v.number(),
  hours: v.nullable(v.object({ 1: dayHours, 2: dayHours, 3: dayHours, 4: dayHours, 5: dayHours, 6: dayHours, 7: dayHours })),
  hourly: v.pipe(
    v.array(v.object({ days: v.array(day), tiers: v.pipe(v.array(v.object({ rateId: v.number(), upToMinutes: minutes, cents })), v.minLength(1)) })),
    v.minLength(1),
  ),
  specials: v.array(
    v.object({ rateId: v.number(), kind: v.picklist(SPECIAL_KINDS), days: v.array(day), enterFrom: minutes, enterUntil: minutes, leaveBy: minutes, cents }),
  ),
  oversize: v.variant('kind', [
    v.object({ kind: v.literal('surcharge'), centsPerDay: cents }),
    v.object({ kind: v.literal('percent'), percent: v.number() }),
    v.object({ kind: v.literal('not-accepted') }),
  ]),
  serviceFeeCents: cents,
  eventServiceFeeCents: cents,
});

export function parseRateCard(stored: unknown): RateCard {
  return v.parse(rateCardSchema, stored) as RateCard;
}
