/**
 * Seeded monthly rates: for every garage a Regular rate (the default), an Oversize rate where
 * the garage takes oversized vehicles, a Motorcycle rate where it has scooter/motorcycle space,
 * and a Business rate (company-paid, invoiced). Each garage also has last year's Regular rate,
 * retired at the start of this month, so "currently active" has something to leave out.
 * Bands: Manhattan $450–750, Brooklyn $300–400, Jersey City $220–300, Newark $150–220,
 * Secaucus $120–160 a month.
 */
import type { Temporal } from 'temporal-polyfill';
import type { LocationArea } from '../../src/contract/locations.ts';
import type { Cents } from './money.ts';

const REGULAR_BAND: Record<LocationArea, [Cents, Cents]> = {
  manhattan: [45_000, 75_000], brooklyn: [30_000, 40_000], 'jersey-city': [22_000, 30_000], newark: [15_000, 22_000], secaucus: [12_000, 16_000],
};
const OVERSIZE_EXTRA: Record<LocationArea, Cents> = { manhattan: 10_000, brooklyn: 7_500, 'jersey-city': 5_000, newark: 5_000, secaucus: 4_000 };
const IS_NYC = (area: LocationArea) => area === 'manhattan' || area === 'brooklyn';

export type MonthlyRateSeed = {
  locationId: number;
  groupName: 'Regular' | 'Oversize' | 'Motorcycle' | 'Business';
  description: string;
  rateCents: Cents;
  oversizeRateCents: Cents;
  serviceFeeCents: Cents;
  exitFeeCents: Cents;
  rateCode: string;
  lengthOfInitialTerm: number;
  restrictions: string;
  rateAvailabilityTimeDescription: string;
  useAsDefault: boolean;
  activeFrom: Temporal.PlainDate;
  activeUntil: Temporal.PlainDate | null;
};

export type MonthlyGarage = { locationId: number; area: LocationArea; oversized: boolean; scooterParking: boolean; isOpen24Hours: boolean };

export function buildMonthlyRates(garage: MonthlyGarage, today: Temporal.PlainDate): MonthlyRateSeed[] {
  const [low, high] = REGULAR_BAND[garage.area];
  const steps = (high - low) / 2500 + 1;
  const regular = low + ((Math.imul(garage.locationId, 2_654_435_761) >>> 0) % steps) * 2500;
  const oversize = garage.oversized ? regular + OVERSIZE_EXTRA[garage.area] : 0;
  const nyc = IS_NYC(garage.area);
  const common = {
    locationId: garage.locationId,
    serviceFeeCents: nyc ? 2500 : 1500,
    // Manhattan contracts have a 3-month initial term; leaving early costs an exit fee.
    exitFeeCents: garage.area === 'manhattan' ? 7500 : 0,
    lengthOfInitialTerm: garage.area === 'manhattan' ? 3 : 1,
    rateAvailabilityTimeDescription: garage.isOpen24Hours ? '24/7 in-and-out access' : 'Unlimited in-and-out access during garage hours',
    activeFrom: today.subtract({ months: 10 }).with({ day: 1 }),
    activeUntil: null,
  };
  const code = (suffix: string) => `M${String(garage.locationId).padStart(3, '0')}-${suffix}`;
  const rates: MonthlyRateSeed[] = [
    {
      ...common, groupName: 'Regular', description: 'One standard car, unlimited in and out', rateCents: regular, oversizeRateCents: oversize,
      rateCode: code('REG'), restrictions: 'One registered vehicle. Valid at this garage only.', useAsDefault: true,
    },
    {
      ...common, groupName: 'Business', description: 'Company account, invoiced monthly; vehicles can be swapped by the account manager',
      rateCents: Math.round((regular * 1.1) / 500) * 500, oversizeRateCents: oversize ? Math.round((oversize * 1.1) / 500) * 500 : 0,
      rateCode: code('BUS'), restrictions: 'Business accounts only. Resident exemptions do not apply.', useAsDefault: false,
    },
    {
      ...common, groupName: 'Regular', description: 'One standard car, unlimited in and out (last year\'s rate)', rateCents: regular - 2500,
      oversizeRateCents: oversize ? oversize - 2500 : 0, rateCode: code('REG-2025'), restrictions: 'Retired rate.', useAsDefault: false,
      activeFrom: today.subtract({ months: 22 }).with({ day: 1 }), activeUntil: today.with({ day: 1 }),
    },
  ];
  if (garage.oversized) {
    rates.push({
      ...common, groupName: 'Oversize', description: 'Full-size SUV, pickup or van (over 181 in. long or 70 in. high)', rateCents: oversize, oversizeRateCents: oversize,
      rateCode: code('OVS'), restrictions: 'Vehicle size is checked at the first entry.', useAsDefault: false,
    });
  }
  if (garage.scooterParking) {
    rates.push({
      ...common, groupName: 'Motorcycle', description: 'Motorcycle or scooter, in the two-wheeler area', rateCents: Math.round((regular * 0.4) / 500) * 500,
      oversizeRateCents: 0, rateCode: code('MC'), restrictions: 'Two-wheelers only; park in the marked area.', useAsDefault: false,
    });
  }
  return rates;
}
