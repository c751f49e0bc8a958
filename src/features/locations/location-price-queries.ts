/**
 * The prices a location's details show (spec 1 §2.3): the daily quote for the searched times
 * (POST /rates/api/rates/calculate), the monthly rates active on the start date and one rate's
 * breakdown (POST /rates/api/monthly-rates/calculate).
 */
import { queryOptions } from '@tanstack/react-query';
import { dailyRateSchema, monthlyCalculationSchema, monthlyRatePageSchema } from '../../contract/rates';
import { apiFetch } from '../../lib/api-client';

export function dailyQuoteQueryOptions(locationId: number, arrival: number, departure: number) {
  const entryTimeUtc = new Date(arrival).toISOString();
  const exitTimeUtc = new Date(departure).toISOString();
  return queryOptions({
    queryKey: ['search', 'quote', locationId, entryTimeUtc, exitTimeUtc],
    queryFn: ({ signal }) =>
      apiFetch('/rates/api/rates/calculate', { method: 'POST', json: { locationId, entryTimeUtc, exitTimeUtc, UseDatabaseRateMatching: true }, schema: dailyRateSchema, signal }),
    meta: { persist: true },
  });
}

/** `date` is the New York start date, YYYY-MM-DD. */
export function activeMonthlyRatesQueryOptions(locationId: number, date: string) {
  return queryOptions({
    queryKey: ['search', 'monthly-active', locationId, date],
    queryFn: ({ signal }) => apiFetch(`/rates/api/monthly-rates/currently-active/locations/${locationId}/${date}/0/99`, { schema: monthlyRatePageSchema, signal }),
    meta: { persist: true },
  });
}

export function monthlyBreakdownQueryOptions(monthlyRateId: number, date: string, isOversizedVehicle: boolean) {
  return queryOptions({
    queryKey: ['search', 'monthly-breakdown', monthlyRateId, date, isOversizedVehicle],
    queryFn: ({ signal }) =>
      apiFetch('/rates/api/monthly-rates/calculate', { method: 'POST', json: { monthlyRateId, checkInDateUtc: date, isOversizedVehicle }, schema: monthlyCalculationSchema, signal }),
    staleTime: 5 * 60_000,
  });
}
