import { describe, expect, it } from 'vitest';
import type { Location } from '../../contract/locations';
import type { DailyRate, MonthlyRate } from '../../contract/rates';
import { dailyRow, formatPrice, monthlyRow, milesBetween, pickNearbyLocations, pickWalkingCandidates, sortRows, walkingText, type ResultRow } from './search-results';

const PENN = { latitude: 40.7505, longitude: -73.9934 };
const garage = (locationId: number, latitude: number, longitude: number, extra: Partial<Location> = {}) => ({ locationId, latitude, longitude, oversized: true, ...extra }) as Location;
const rate = (extra: Partial<DailyRate>) =>
  ({ price: 17, tax: 3, discountAmount: 0, appliedPromotionCode: null, rateWithTax: 20, serviceFeeAmount: 2.5, oversizeRate: 30, oversizedServiceFeeAmount: 2.5, disabled: false, blackouts: [], alerts: [], noOversized: false, isEventRate: false, rateMessage: '', timeDescription: '', ...extra }) as DailyRate;

describe('formatPrice', () => {
  it('shows whole dollars when whole, cents otherwise, N/A for 0 or none', () => {
    expect(formatPrice(25)).toBe('$25');
    expect(formatPrice(22.5)).toBe('$22.50');
    expect(formatPrice(0)).toBe('N/A');
    expect(formatPrice(null)).toBe('N/A');
  });
});

describe('dailyRow', () => {
  const location = garage(1, 40.751, -73.99);
  it('totals rate with tax plus the service fee, or the oversized ones with the filter on', () => {
    expect(dailyRow(location, PENN, rate({}), false)).toMatchObject({ total: 22.5, oversizeSurcharge: 10, isDisabled: false });
    expect(dailyRow(location, PENN, rate({}), true)).toMatchObject({ total: 32.5, isOversizeRefused: false });
  });
  it('is N/A and disabled at a rate of 0, disabled under a blackout', () => {
    expect(dailyRow(location, PENN, rate({ rateWithTax: 0, disabled: true }), false)).toMatchObject({ total: null, isDisabled: true });
    const blackout = { blackoutId: 1, locationId: 1, startDateUtc: '', endDateUtc: '', allDay: true, message: 'Closed' };
    expect(dailyRow(location, PENN, rate({ blackouts: [blackout] }), false)).toMatchObject({ total: 22.5, isDisabled: true });
  });
  it('refuses an oversized vehicle where the garage takes none', () => {
    expect(dailyRow(garage(2, 40.751, -73.99, { oversized: false }), PENN, rate({ oversizeRate: 0, noOversized: true }), true)).toMatchObject({ total: null, isOversizeRefused: true });
  });
});

describe('monthlyRow', () => {
  // Issue 38 item 5: the list said $883.22/mo (rate with tax plus the one-time $25 fee) where
  // sign-up charges $858.22 each month. "/mo" is the month only (decision 0110).
  const monthly = { monthlyRateId: 7, rate: 725, rateWithTax: 858.22, oversizeRate: 0, oversizeRateWithTax: 0, serviceFeeAmount: 25, useAsDefault: true, noOversized: true,
    monthlyRateGroup: { monthlyRateGroupName: 'Regular', description: '24/7' }, rateAvailabilityTimeDescription: '' } as unknown as MonthlyRate;
  it('shows what the card is charged each month, without the one-time service fee', () => {
    expect(monthlyRow(garage(1, 40.751, -73.99), PENN, [monthly], false, { blackouts: [], alerts: [] })).toMatchObject({ total: 858.22 });
  });
});

describe('walking', () => {
  const row = (id: number, miles: number): Pick<ResultRow, 'location' | 'distanceMiles'> => ({ location: garage(id, 0, 0), distanceMiles: miles });
  it('asks for at most the 10 nearest within 3 miles', () => {
    const rows = [...Array.from({ length: 12 }, (_, index) => row(index + 1, 0.2 * (12 - index))), row(99, 3.5)];
    const picked = pickWalkingCandidates(rows).map((location) => location.locationId);
    expect(picked).toHaveLength(10);
    expect(picked).not.toContain(99);
    expect(picked[0]).toBe(12);
  });
  it('says minutes of walking up to 30, else miles away', () => {
    expect(walkingText({ distanceMiles: 0.4, walking: { id: 1, meters: 700, seconds: 540, method: 'street-graph' } })).toBe('9 min walk');
    expect(walkingText({ distanceMiles: 1.9, walking: { id: 1, meters: 3300, seconds: 31 * 60, method: 'street-graph' } })).toBe('1.9 miles away');
    expect(walkingText({ distanceMiles: 4.26 })).toBe('4.3 miles away');
  });
});

describe('pickNearbyLocations', () => {
  it('prices the garages within 3 miles, nearest first, else the 5 nearest', () => {
    const near = [garage(1, 40.752, -73.99), garage(2, 40.7505, -73.9935), garage(3, 40.76, -73.98), garage(4, 40.74, -74.0), garage(5, 40.745, -73.99)];
    const far = garage(9, 40.73, -74.17);
    expect(pickNearbyLocations([...near, far], PENN).map((location) => location.locationId)).toEqual([2, 1, 5, 4, 3]);
    expect(milesBetween(PENN, far)).toBeGreaterThan(3);
    expect(pickNearbyLocations([far], PENN)).toEqual([far]);
  });
});

describe('sortRows', () => {
  const base = { oversizeSurcharge: 0, isDisabled: false, isOversizeRefused: false, isEventRate: false, rateMessage: '', timeDescription: '', blackouts: [], alerts: [] };
  const rows: ResultRow[] = [
    { ...base, location: garage(1, 0, 0), distanceMiles: 0.1, total: 40 },
    { ...base, location: garage(2, 0, 0), distanceMiles: 0.3, total: null },
    { ...base, location: garage(3, 0, 0), distanceMiles: 0.5, total: 20 },
  ];
  it('by price puts N/A last; by distance is nearest first', () => {
    expect(sortRows(rows, 'price').map((row) => row.location.locationId)).toEqual([3, 1, 2]);
    expect(sortRows(rows, 'distance').map((row) => row.location.locationId)).toEqual([1, 2, 3]);
  });
});
