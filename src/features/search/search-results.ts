/**
 * The result rows of a search (spec 1 §2.3 "Results list", §4 "Walking distance", §5 "Price
 * display"): which garages are near the search point, their all-in totals, their state (N/A,
 * disabled by blackouts, no oversized) and the walking or distance text. Pure, so the list, the
 * map pins and the detail panel all read the same numbers.
 */
import type { Blackout, Location, LocationAlert } from '../../contract/locations';
import type { PricedLines } from '../../contract/priced-lines';
import { dailyStayLines, monthlyRateLines } from '../../contract/priced-lines-quotes';
import type { DailyRate, MonthlyRate } from '../../contract/rates';
import type { WalkingLeg } from '../../contract/search';

const EARTH_RADIUS_MILES = 3958.8;
/**
 * Garages priced for one search: those within the walking limit's distance of the point (the
 * nearest few when fewer are), so a search at Penn Station lists Midtown, not Jersey City.
 */
export const SEARCH_RADIUS_MILES = 3;
export const MAX_SEARCHED_LOCATIONS = 30;
const MIN_SEARCHED_LOCATIONS = 5;
/** Spec 1 §4/§9: walking distances for at most 10 results, within 3 miles, up to 30 minutes. */
export const MAX_WALKING_RESULTS = 10;
export const MAX_WALKING_MILES = 3;
export const MAX_WALKING_MINUTES = 30;
export const EARLY_BIRD_MESSAGE = 'Early Bird Rate';

export type Point = { latitude: number; longitude: number };
export type SortOrder = 'price' | 'distance';

export type ResultRow = {
  location: Location;
  distanceMiles: number;
  /** All-in price for the chosen vehicle size; null when none applies (shown "N/A"). */
  total: number | null;
  /** "+$ amount" an oversized vehicle pays over the standard total (0 when none). */
  oversizeSurcharge: number;
  /** Rate 0 or a blackout: no Reserve, a disabled pin. */
  isDisabled: boolean;
  /** The oversized filter is on and the garage takes no oversized vehicles. */
  isOversizeRefused: boolean;
  isEventRate: boolean;
  rateMessage: string;
  timeDescription: string;
  blackouts: Blackout[];
  alerts: LocationAlert[];
  walking?: WalkingLeg;
};

export function milesBetween(a: Point, b: Point): number {
  const toRadians = (degrees: number): number => (degrees * Math.PI) / 180;
  const dLat = toRadians(b.latitude - a.latitude);
  const dLng = toRadians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.sqrt(h));
}

/** The garages a search prices, nearest first. */
export function pickNearbyLocations(locations: readonly Location[], point: Point): Location[] {
  const byDistance = [...locations].map((location) => ({ location, miles: milesBetween(point, location) })).sort((a, b) => a.miles - b.miles);
  const within = byDistance.filter(({ miles }) => miles <= SEARCH_RADIUS_MILES);
  const chosen = within.length >= MIN_SEARCHED_LOCATIONS ? within : byDistance.slice(0, MIN_SEARCHED_LOCATIONS);
  return chosen.slice(0, MAX_SEARCHED_LOCATIONS).map(({ location }) => location);
}

/** The results that get a walking estimate: the 10 nearest within 3 miles. */
export function pickWalkingCandidates(rows: readonly Pick<ResultRow, 'location' | 'distanceMiles'>[]): Location[] {
  return [...rows]
    .filter((row) => row.distanceMiles <= MAX_WALKING_MILES)
    .sort((a, b) => a.distanceMiles - b.distanceMiles)
    .slice(0, MAX_WALKING_RESULTS)
    .map((row) => row.location);
}

/**
 * The walking matrix's destinations for a search: the candidates among the garages it prices.
 * From the garages alone (not their prices), so the walks are asked beside the prices.
 */
export function walkingDestinations(nearby: readonly Location[], point: Point): Array<{ locationId: number } & Point> {
  return pickWalkingCandidates(nearby.map((location) => ({ location, distanceMiles: milesBetween(point, location) }))).map(({ locationId, latitude, longitude }) => ({ locationId, latitude, longitude }));
}

/** "$25" when whole, "$25.50" otherwise; 0 or none is "N/A" (spec 1 §5). */
export function formatPrice(amount: number | null): string {
  if (!amount) return 'N/A';
  return Number.isInteger(amount) ? `$${amount}` : `$${amount.toFixed(2)}`;
}

const roundCents = (amount: number): number => Math.round(amount * 100) / 100;

/** Decision 0110: a list figure is the total of the lines checkout shows for the same quote. */
const linesTotal = (lines: PricedLines): number => lines.totalCents / 100;

export function dailyRow(location: Location, point: Point, rate: DailyRate | undefined, isOversized: boolean): ResultRow {
  const standard = rate && rate.rateWithTax > 0 ? linesTotal(dailyStayLines(rate, false)) : null;
  const oversized = rate && rate.oversizeRate > 0 ? linesTotal(dailyStayLines(rate, true)) : null;
  const blackouts = rate?.blackouts ?? [];
  return {
    location,
    distanceMiles: milesBetween(point, location),
    total: isOversized ? oversized : standard,
    oversizeSurcharge: standard !== null && oversized !== null ? roundCents(oversized - standard) : 0,
    isDisabled: !rate || rate.disabled || rate.rateWithTax === 0 || blackouts.length > 0,
    isOversizeRefused: isOversized && (!location.oversized || (rate?.noOversized ?? false)),
    isEventRate: rate?.isEventRate ?? false,
    rateMessage: rate?.rateMessage ?? '',
    timeDescription: rate?.timeDescription ?? '',
    blackouts,
    alerts: rate?.alerts ?? [],
  };
}

/** The rate a monthly search shows for a garage: the oversize group when asked, else its default. */
export function pickMonthlyRate(rates: readonly MonthlyRate[], isOversized: boolean): MonthlyRate | undefined {
  if (isOversized) return rates.find((rate) => rate.monthlyRateGroup.monthlyRateGroupName === 'Oversize') ?? rates.find((rate) => !rate.noOversized);
  return rates.find((rate) => rate.useAsDefault) ?? rates[0];
}

export function monthlyRow(location: Location, point: Point, rates: readonly MonthlyRate[], isOversized: boolean, notices: { blackouts: Blackout[]; alerts: LocationAlert[] }): ResultRow {
  const standardRate = pickMonthlyRate(rates, false);
  const rate = pickMonthlyRate(rates, isOversized);
  // "/mo" is what the card is charged each month (sign-up's "Then each month"); the one-time
  // service fee belongs to the first payment, not to the month (decision 0110).
  const total = rate ? linesTotal(monthlyRateLines(rate, isOversized)) : null;
  const standard = standardRate ? linesTotal(monthlyRateLines(standardRate, false)) : null;
  return {
    location,
    distanceMiles: milesBetween(point, location),
    total: total || null,
    oversizeSurcharge: isOversized && total && standard ? Math.max(0, roundCents(total - standard)) : 0,
    isDisabled: !total || notices.blackouts.length > 0,
    isOversizeRefused: isOversized && (!location.oversized || !rate),
    isEventRate: false,
    rateMessage: rate?.monthlyRateGroup.description ?? '',
    timeDescription: rate?.rateAvailabilityTimeDescription ?? '',
    blackouts: notices.blackouts,
    alerts: notices.alerts,
  };
}

/** "6 min walk" within the walking limit, otherwise "1.4 miles away". */
export function walkingText(row: Pick<ResultRow, 'walking' | 'distanceMiles'>): string {
  const minutes = row.walking ? Math.max(1, Math.round(row.walking.seconds / 60)) : undefined;
  if (minutes !== undefined && minutes <= MAX_WALKING_MINUTES) return `${minutes} min walk`;
  return `${row.distanceMiles.toFixed(1)} miles away`;
}

/** Price order puts N/A and disabled garages last; distance order is by walk where known, else straight line. */
export function sortRows(rows: readonly ResultRow[], order: SortOrder): ResultRow[] {
  const isBookable = (row: ResultRow): boolean => row.total !== null && !row.isDisabled && !row.isOversizeRefused;
  const byDistance = (a: ResultRow, b: ResultRow): number => a.distanceMiles - b.distanceMiles;
  return [...rows].sort((a, b) => {
    if (order === 'distance') return byDistance(a, b);
    if (isBookable(a) !== isBookable(b)) return isBookable(a) ? -1 : 1;
    return (a.total ?? 0) - (b.total ?? 0) || byDistance(a, b);
  });
}
