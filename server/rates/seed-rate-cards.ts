/**
 * Seeded rate boards: one per garage, derived only from the garage's id, area, posted hours
 * and whether it takes oversized vehicles, so whatever garages the locations seeder creates get
 * a realistic, repeatable board. Price bands (first hour / 24-hour max / early bird):
 *   Manhattan    $18–35 / $55–75 / $22–32      Brooklyn   $12–17 / $35–44 / $18–23
 *   Jersey City  $8–12  / $24–32 / $14–18      Newark     $6–10  / $18–26 / $10–14
 *   Secaucus     $5–8   / $15–20 / $10–12 (park and ride by the train station)
 * Weekends (Sat–Sun) are a little cheaper in every area: that is the day-of-week variation.
 */
import type { LocationArea } from '../../src/contract/locations.ts';
import type { DayOfWeek } from './local-time.ts';
import type { Cents } from './money.ts';
import type { WeeklyHours } from './operating-hours.ts';
import type { HourlyTier, OversizePolicy, RateCard, WindowSpecial } from './rate-card.ts';

type AreaBand = {
  firstHour: [Cents, Cents];
  maximum: [Cents, Cents];
  earlyBird: [Cents, Cents];
  night: [Cents, Cents];
  weekendFlat: [Cents, Cents];
  weekendDiscount: Cents;
  oversizePerDay: [Cents, Cents];
  serviceFee: Cents;
  eventServiceFee: Cents;
};

const BANDS: Record<LocationArea, AreaBand> = {
  manhattan: { firstHour: [1800, 3500], maximum: [5500, 7500], earlyBird: [2200, 3200], night: [2500, 3500], weekendFlat: [3200, 4200], weekendDiscount: 300, oversizePerDay: [1000, 1500], serviceFee: 249, eventServiceFee: 399 },
  brooklyn: { firstHour: [1200, 1700], maximum: [3500, 4400], earlyBird: [1800, 2300], night: [1800, 2400], weekendFlat: [2400, 3000], weekendDiscount: 200, oversizePerDay: [800, 1000], serviceFee: 199, eventServiceFee: 349 },
  'jersey-city': { firstHour: [800, 1200], maximum: [2400, 3200], earlyBird: [1400, 1800], night: [1200, 1600], weekendFlat: [1600, 2000], weekendDiscount: 200, oversizePerDay: [500, 800], serviceFee: 149, eventServiceFee: 299 },
  newark: { firstHour: [600, 1000], maximum: [1800, 2600], earlyBird: [1000, 1400], night: [1000, 1400], weekendFlat: [1400, 1800], weekendDiscount: 100, oversizePerDay: [500, 700], serviceFee: 149, eventServiceFee: 299 },
  secaucus: { firstHour: [500, 800], maximum: [1500, 2000], earlyBird: [1000, 1200], night: [900, 1200], weekendFlat: [1000, 1400], weekendDiscount: 100, oversizePerDay: [500, 500], serviceFee: 149, eventServiceFee: 299 },
};

const WEEKDAYS: DayOfWeek[] = [1, 2, 3, 4, 5];
const WEEKEND: DayOfWeek[] = [6, 7];
const EVERY_DAY: DayOfWeek[] = [1, 2, 3, 4, 5, 6, 7];

/** A repeatable pick in [low, high] in whole dollars for this garage and purpose. */
function pick(locationId: number, salt: number, [low, high]: [Cents, Cents]): Cents {
  const steps = Math.round((high - low) / 100) + 1;
  const hash = Math.imul(locationId * 31 + salt, 2_654_435_761) >>> 0;
  return low + (hash % steps) * 100;
}

export type GarageFacts = { locationId: number; area: LocationArea; oversized: boolean; hours: WeeklyHours };

/** Rate ids: garage × 100 + line, so every line on every board has its own id. */
export function buildRateCard(garage: GarageFacts): RateCard {
  const band = BANDS[garage.area];
  const id = garage.locationId;
  const first = pick(id, 1, band.firstHour);
  // Longer tiers grow with the first hour, so cheaper areas stay cheap all the way up.
  const dollars = (cents: number) => Math.round(cents / 100) * 100;
  const two = dollars(first * 1.3) + pick(id, 2, [0, 100]);
  const three = dollars(first * 1.5) + pick(id, 3, [100, 200]);
  const ten = dollars(first * 1.9) + pick(id, 13, [200, 400]);
  const maximum = Math.max(ten + 300, pick(id, 4, band.maximum));
  const weekdayTiers: HourlyTier[] = [
    { rateId: id * 100 + 1, upToMinutes: 60, cents: first },
    { rateId: id * 100 + 2, upToMinutes: 120, cents: two },
    { rateId: id * 100 + 3, upToMinutes: 180, cents: three },
    { rateId: id * 100 + 4, upToMinutes: 600, cents: ten },
    { rateId: id * 100 + 5, upToMinutes: 1440, cents: maximum },
  ];
  const weekendTiers = weekdayTiers.map((tier, index) => ({
    rateId: id * 100 + 11 + index,
    upToMinutes: tier.upToMinutes,
    cents: Math.max(300, tier.cents - band.weekendDiscount * (index === 4 ? 2 : 1)),
  }));
  return {
    locationId: id,
    hours: garage.hours,
    hourly: [
      { days: WEEKDAYS, tiers: weekdayTiers },
      { days: WEEKEND, tiers: weekendTiers },
    ],
    specials: buildSpecials(garage, band, maximum),
    oversize: oversizePolicy(garage, band),
    serviceFeeCents: band.serviceFee,
    eventServiceFeeCents: band.eventServiceFee,
  };
}

function buildSpecials(garage: GarageFacts, band: AreaBand, maximum: Cents): WindowSpecial[] {
  const id = garage.locationId;
  // Early bird: in 6:00–10:00 AM (some garages 9:30), out by 7 PM (some 6:30 PM).
  const enterUntil = pick(id, 5, [0, 100]) === 0 ? 600 : 570;
  const leaveBy = pick(id, 6, [0, 100]) === 0 ? 1140 : 1110;
  const specials: WindowSpecial[] = [
    { rateId: id * 100 + 21, kind: 'early-bird', days: WEEKDAYS, enterFrom: 360, enterUntil, leaveBy, cents: pick(id, 7, band.earlyBird) },
  ];
  if (garage.hours === null) {
    specials.push(
      // Night: in after 5 PM (some 6 PM), out by 6 AM the next morning.
      { rateId: id * 100 + 22, kind: 'night', days: EVERY_DAY, enterFrom: pick(id, 8, [0, 100]) === 0 ? 1020 : 1080, enterUntil: 1440, leaveBy: 1800, cents: pick(id, 9, band.night) },
      // Weekend: in after 6 AM Saturday or Sunday, out by midnight.
      { rateId: id * 100 + 23, kind: 'weekend', days: WEEKEND, enterFrom: 360, enterUntil: 1440, leaveBy: 1440, cents: pick(id, 10, band.weekendFlat) },
    );
    return specials;
  }
  // Garages that close post "max to close": in any time, out by closing, a little under the 24-hour max.
  const maxToClose = Math.max(maximum - pick(id, 11, [800, 1200]), specials[0]?.cents ?? 0);
  const groups = new Map<string, { days: DayOfWeek[]; opensAt: number; closesAt: number }>();
  for (const day of EVERY_DAY) {
    const hours = garage.hours[day];
    if (!hours) continue;
    const key = `${hours.opensAt}-${hours.closesAt}`;
    const group = groups.get(key) ?? { days: [], ...hours };
    group.days.push(day);
    groups.set(key, group);
  }
  let line = 24;
  for (const group of groups.values()) {
    specials.push({ rateId: id * 100 + line++, kind: 'max-to-close', days: group.days, enterFrom: group.opensAt, enterUntil: group.closesAt, leaveBy: group.closesAt, cents: maxToClose });
  }
  return specials;
}

/** Most garages add a surcharge per day for an oversized vehicle; every fourth prices it as +25 %. */
function oversizePolicy(garage: GarageFacts, band: AreaBand): OversizePolicy {
  if (!garage.oversized) return { kind: 'not-accepted' };
  if (garage.locationId % 4 === 0) return { kind: 'percent', percent: 25 };
  return { kind: 'surcharge', centsPerDay: pick(garage.locationId, 12, band.oversizePerDay) };
}
