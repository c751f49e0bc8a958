/**
 * The rows a search shows, from the garages near its point, their prices for its times (daily or
 * monthly), their notices and the walking estimates. Every part is a cached query (persisted), so
 * a visited search reopens offline with what it last showed.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { toWallTime } from '../../lib/time-slots';
import { dailyRatesQueryOptions, locationsQueryOptions, MONTHLY_NOTICES_MS, monthlyRatesQueryOptions, noticesQueryOptions, walkingQueryOptions } from './search-api';
import { dailyRow, monthlyRow, pickNearbyLocations, walkingDestinations, type Point, type ResultRow } from './search-results';
import type { SearchState } from './search-url';

export type SearchResults = {
  rows: ResultRow[];
  /** Nothing to show yet (skeleton rows). */
  isLoading: boolean;
  /** Prices are being (re)calculated ("Calculating rates..."). */
  isCalculating: boolean;
  /** When the prices shown were fetched, and why the last refresh failed (the offline marker). */
  updatedAt: number;
  failureReason: Error | null;
  /** The prices could not be had and there is no saved copy to show. */
  hasFailed: boolean;
  refetch: () => void;
};

export function useSearchResults(search: SearchState, point: Point | undefined): SearchResults {
  const locationsQuery = useQuery(locationsQueryOptions);
  const nearby = useMemo(() => (point && locationsQuery.data ? pickNearbyLocations(locationsQuery.data, point) : []), [point, locationsQuery.data]);
  const ids = nearby.map((location) => location.locationId);
  const isMonthly = search.type === 'MONTHLY';
  const checkInDate = toWallTime(search.arrival).date;

  const daily = useQuery({ ...dailyRatesQueryOptions(ids, search.arrival, search.departure), enabled: !isMonthly && ids.length > 0 });
  const monthly = useQuery({ ...monthlyRatesQueryOptions(ids, checkInDate), enabled: isMonthly && ids.length > 0 });
  const notices = useQuery({ ...noticesQueryOptions(ids, search.arrival, search.arrival + MONTHLY_NOTICES_MS), enabled: isMonthly && ids.length > 0 });
  const prices = isMonthly ? monthly : daily;

  const baseRows = useMemo((): ResultRow[] => {
    if (!point || !prices.data) return [];
    if (isMonthly) {
      const rates = monthly.data ?? [];
      return nearby.map((location) =>
        monthlyRow(
          location,
          point,
          rates.filter((rate) => rate.locationId === location.locationId),
          search.isOversized,
          {
            blackouts: notices.data?.blackouts.results.filter((notice) => notice.locationId === location.locationId) ?? [],
            alerts: notices.data?.alerts.results.filter((notice) => notice.locationId === location.locationId) ?? [],
          },
        ),
      );
    }
    const rates = daily.data ?? [];
    return nearby.map((location) => dailyRow(location, point, rates.find((rate) => rate.locationId === location.locationId), search.isOversized));
  }, [point, prices.data, isMonthly, monthly.data, daily.data, notices.data, nearby, search.isOversized]);

  const walkers = useMemo(() => (point ? walkingDestinations(nearby, point) : []), [point, nearby]);
  const walking = useQuery(walkingQueryOptions(point, walkers));
  const rows = useMemo(
    () => baseRows.map((row) => ({ ...row, walking: walking.data?.find((leg) => leg.id === row.location.locationId) })),
    [baseRows, walking.data],
  );

  return {
    rows,
    isLoading: !point || locationsQuery.isPending || (ids.length > 0 && prices.isPending),
    isCalculating: prices.isFetching,
    updatedAt: prices.dataUpdatedAt,
    failureReason: prices.failureReason ?? locationsQuery.failureReason,
    hasFailed: (prices.isError && !prices.data) || (locationsQuery.isError && !locationsQuery.data),
    refetch: () => void prices.refetch(),
  };
}
