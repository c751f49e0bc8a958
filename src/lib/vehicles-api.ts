/**
 * The account's vehicles and the vehicle form's pick-lists (/accounts/api/customers, spec 2 §7).
 * Shared here because two features read the same cache: park-and-pay (pick a vehicle, convert a
 * pass) and My Account → Vehicles. The list is persisted for the lot (DESIGN.md "Offline"), and
 * every write refreshes it through `invalidateVehicles`.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { carNameListSchema, vehicleListSchema, vehicleSchema, vehicleTypeListSchema, type VehicleFields } from '../contract/vehicles';
import { apiFetch } from './api-client';
import { USER_QUERY_ROOT } from './query-client';

const BASE = '/accounts/api/customers';

export const vehiclesQueryOptions = queryOptions({
  queryKey: [USER_QUERY_ROOT, 'vehicles'],
  queryFn: ({ signal }) => apiFetch(`${BASE}/get-customer-vehicles`, { schema: vehicleListSchema, signal }),
  meta: { persist: true },
});

export const vehicleTypesQueryOptions = queryOptions({
  queryKey: ['vehicle-types'],
  queryFn: ({ signal }) => apiFetch(`${BASE}/get-vehicle-types`, { schema: vehicleTypeListSchema, signal }),
  staleTime: Infinity,
});

export const carMakesQueryOptions = queryOptions({
  queryKey: ['car-makes'],
  queryFn: ({ signal }) => apiFetch(`${BASE}/get-car-makes`, { schema: carNameListSchema, signal }),
  staleTime: Infinity,
});

export const carModelsQueryOptions = (make: string) =>
  queryOptions({
    queryKey: ['car-models', make],
    queryFn: ({ signal }) => apiFetch(`${BASE}/get-car-models/${encodeURIComponent(make)}`, { schema: carNameListSchema, signal }),
    staleTime: Infinity,
    enabled: make.length > 0,
  });

export function addVehicle(fields: VehicleFields) {
  return apiFetch(`${BASE}/add-vehicle`, { method: 'POST', json: fields, schema: vehicleSchema });
}

export function updateVehicle(vehicleId: number, fields: VehicleFields) {
  return apiFetch(`${BASE}/update-vehicle`, { method: 'POST', json: { ...fields, vehicleId }, schema: vehicleSchema });
}

const removedSchema = v.object({ vehicleId: v.number() });

export function removeVehicle(vehicleId: number) {
  return apiFetch(`${BASE}/remove-vehicle`, { method: 'POST', json: { vehicleId }, schema: removedSchema });
}

/**
 * After any add, edit or remove: the list is fetched again even where no screen shows it right
 * now ('all', not only active queries). Otherwise the persisted copy keeps the old list with a
 * fresh timestamp, and a reload within the stale time (the next park-and-pay screen) reads it.
 */
export function invalidateVehicles(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: vehiclesQueryOptions.queryKey, refetchType: 'all' });
}
