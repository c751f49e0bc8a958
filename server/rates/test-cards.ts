/** Rate cards for unit tests: a Midtown board (24 hours) and a Jersey City board with closing hours. */
import type { RateCard } from './rate-card.ts';

const WEEKDAYS = [1, 2, 3, 4, 5] as const;
const WEEKEND = [6, 7] as const;
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7] as const;

export const MIDTOWN_CARD: RateCard = {
  locationId: 1,
  hours: null,
  hourly: [
    {
      days: [...WEEKDAYS],
      tiers: [
        { rateId: 101, upToMinutes: 60, cents: 2400 },
        { rateId: 102, upToMinutes: 120, cents: 3200 },
        { rateId: 103, upToMinutes: 180, cents: 3800 },
        { rateId: 104, upToMinutes: 600, cents: 5200 },
        { rateId: 105, upToMinutes: 1440, cents: 6500 },
      ],
    },
    {
      days: [...WEEKEND],
      tiers: [
        { rateId: 111, upToMinutes: 60, cents: 2200 },
        { rateId: 112, upToMinutes: 120, cents: 2900 },
        { rateId: 113, upToMinutes: 180, cents: 3400 },
        { rateId: 114, upToMinutes: 600, cents: 4500 },
        { rateId: 115, upToMinutes: 1440, cents: 5500 },
      ],
    },
  ],
  specials: [
    { rateId: 121, kind: 'early-bird', days: [...WEEKDAYS], enterFrom: 360, enterUntil: 600, leaveBy: 1140, cents: 2800 },
    { rateId: 122, kind: 'night', days: [...EVERY_DAY], enterFrom: 1020, enterUntil: 1440, leaveBy: 1800, cents: 3000 },
    { rateId: 123, kind: 'weekend', days: [...WEEKEND], enterFrom: 360, enterUntil: 1440, leaveBy: 1440, cents: 3900 },
  ],
  oversize: { kind: 'surcharge', centsPerDay: 1000 },
  serviceFeeCents: 249,
  eventServiceFeeCents: 399,
};

export const JERSEY_CITY_CARD: RateCard = {
  locationId: 20,
  hours: {
    1: { opensAt: 360, closesAt: 1440 },
    2: { opensAt: 360, closesAt: 1440 },
    3: { opensAt: 360, closesAt: 1440 },
    4: { opensAt: 360, closesAt: 1440 },
    5: { opensAt: 360, closesAt: 1440 },
    6: { opensAt: 420, closesAt: 1380 },
    7: null,
  },
  hourly: [
    {
      days: [...EVERY_DAY],
      tiers: [
        { rateId: 201, upToMinutes: 60, cents: 1000 },
        { rateId: 202, upToMinutes: 180, cents: 1600 },
        { rateId: 203, upToMinutes: 1440, cents: 2800 },
      ],
    },
  ],
  specials: [{ rateId: 221, kind: 'max-to-close', days: [...WEEKDAYS], enterFrom: 360, enterUntil: 1440, leaveBy: 1440, cents: 2200 }],
  oversize: { kind: 'percent', percent: 25 },
  serviceFeeCents: 199,
  eventServiceFeeCents: 299,
};
