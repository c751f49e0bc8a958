/**
 * The calls a search makes (spec 1 §7), as TanStack Query options. Prices, notices and walking
 * estimates opt in to persistence (`meta.persist`), so a visited search reopens offline with the
 * prices it showed (src/lib/query-client.ts); their keys name the exact search, so a saved copy
 * is only ever shown for the search it answered.
 */
import { queryOptions } from '@tanstack/react-query';
import type { CONTENT_TYPES} from '../../contract/content';
import { contentItemSchema, contentListSchema, oversizeVehicleContentSchema } from '../../contract/content';
import { locationListSchema, notificationsSearchResponseSchema } from '../../contract/locations';
import { dailyRateListSchema, eventSchema, monthlyRateListSchema } from '../../contract/rates';
import { WALKING_MATRIX_CHUNK_SIZE, walkingMatrixSchema, type WalkingLeg } from '../../contract/search';
import { apiFetch } from '../../lib/api-client';
import type { Point } from './search-results';

const searchKey = 'search';

/** The same query as features/locations (one cache entry): the garages, persisted, refreshed hourly. */
export const locationsQueryOptions = queryOptions({
  queryKey: ['locations'],
  queryFn: ({ signal }) => apiFetch('/locations/api/locations', { schema: locationListSchema, signal }),
  staleTime: 60 * 60_000,
  meta: { persist: true },
});

export function dailyRatesQueryOptions(locationIds: number[], arrival: number, departure: number) {
  const entryTimeUtc = new Date(arrival).toISOString();
  const exitTimeUtc = new Date(departure).toISOString();
  return queryOptions({
    queryKey: [searchKey, 'daily', entryTimeUtc, exitTimeUtc, locationIds.join(',')],
    queryFn: ({ signal }) =>
      apiFetch('/rates/api/rates/calculate-multiple', { method: 'POST', json: { locationIds, entryTimeUtc, exitTimeUtc, UseDatabaseRateMatching: true }, schema: dailyRateListSchema, signal }),
    enabled: locationIds.length > 0,
    meta: { persist: true },
  });
}

/** The New York date a monthly search starts (the server reads YYYY-MM-DD as that day). */
export function monthlyRatesQueryOptions(locationIds: number[], checkInDate: string) {
  return queryOptions({
    queryKey: [searchKey, 'monthly', checkInDate, locationIds.join(',')],
    queryFn: ({ signal }) =>
      apiFetch('/rates/api/monthly-rates/search', { method: 'POST', json: { locationIds, checkInDateUtc: checkInDate }, schema: monthlyRateListSchema, signal }),
    enabled: locationIds.length > 0,
    meta: { persist: true },
  });
}


/** A monthly search's notices cover its first month. */
export const MONTHLY_NOTICES_MS = 30 * 24 * 60 * 60_000;

/** Blackouts and alerts over the searched window (monthly results and the detail panel). */
export function noticesQueryOptions(locationIds: number[], start: number, end: number) {
  const startDateUtc = new Date(start).toISOString();
  const endDateUtc = new Date(end).toISOString();
  return queryOptions({
    queryKey: [searchKey, 'notices', startDateUtc, endDateUtc, locationIds.join(',')],
    queryFn: ({ signal }) =>
      apiFetch('/locations/api/locations/notifications/search', {
        method: 'POST',
        json: { locationIds, startDateUtc, endDateUtc, allDay: false, page: 0, pageSize: 99 },
        schema: notificationsSearchResponseSchema,
        signal,
      }),
    enabled: locationIds.length > 0,
    meta: { persist: true },
  });
}

/** Walking legs from the search point, asked in chunks of 24 destinations (spec 1 §4). */
export function walkingQueryOptions(origin: Point | undefined, destinations: Array<{ locationId: number } & Point>) {
  return queryOptions({
    queryKey: [searchKey, 'walking', origin?.latitude.toFixed(6), origin?.longitude.toFixed(6), destinations.map((d) => d.locationId).join(',')],
    queryFn: async ({ signal }): Promise<WalkingLeg[]> => {
      const chunks: Array<typeof destinations> = [];
      for (let index = 0; index < destinations.length; index += WALKING_MATRIX_CHUNK_SIZE) chunks.push(destinations.slice(index, index + WALKING_MATRIX_CHUNK_SIZE));
      const answers = await Promise.all(
        chunks.map((chunk) =>
          apiFetch('/search/api/walking-matrix', {
            method: 'POST',
            json: { origin, destinations: chunk.map(({ locationId, latitude, longitude }) => ({ id: locationId, latitude, longitude })) },
            schema: walkingMatrixSchema,
            signal,
          }),
        ),
      );
      return answers.flatMap((answer) => answer.results);
    },
    enabled: origin !== undefined && destinations.length > 0,
    staleTime: 24 * 60 * 60_000,
    meta: { persist: true },
  });
}

export function eventQueryOptions(eventId: number) {
  return queryOptions({
    queryKey: [searchKey, 'event', eventId],
    queryFn: ({ signal }) => apiFetch(`/rates/api/events/${eventId}`, { schema: eventSchema, signal }),
    staleTime: 10 * 60_000,
    meta: { persist: true },
  });
}

export function contentQueryOptions(contentId: number) {
  return queryOptions({
    queryKey: ['content', contentId],
    queryFn: ({ signal }) => apiFetch(`/content/api/content/${contentId}`, { schema: contentItemSchema, signal }),
    staleTime: 10 * 60_000,
    meta: { persist: true },
  });
}

/** Marketing pins (type 2) and search content such as "Park and Train in NJ" (type 3). */
export function contentTypeQueryOptions(typeId: (typeof CONTENT_TYPES)['marketingPin' | 'searchContent']) {
  return queryOptions({
    queryKey: ['content', 'type', typeId],
    queryFn: ({ signal }) => apiFetch(`/content/api/content/type/${typeId}`, { schema: contentListSchema, signal }),
    staleTime: 10 * 60_000,
    meta: { persist: true },
  });
}

export const oversizeContentQueryOptions = queryOptions({
  queryKey: ['content', 'oversize-vehicles'],
  queryFn: ({ signal }) => apiFetch('/content/api/content/oversize-vehicles', { schema: oversizeVehicleContentSchema, signal }),
  staleTime: 60 * 60_000,
  meta: { persist: true },
});

