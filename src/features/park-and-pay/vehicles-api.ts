/** The account's vehicles and the pick-lists of the add-vehicle form (/accounts/api/customers). */
import { queryOptions } from '@tanstack/react-query';
import { carNameListSchema, vehicleListSchema, vehicleSchema, vehicleTypeListSchema, type VehicleFields } from '../../contract/vehicles';
import { apiFetch } from '../../lib/api-client';
import { USER_QUERY_ROOT } from '../../lib/query-client';

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
