/**
 * Paged lists and the shared date-time format of the API contracts.
 * Pages are zero-based (spec 2 §9 lists "default 0 and 10"); `totalElementCount` counts every
 * match, not only the page returned.
 */
import * as v from 'valibot';

/** Every instant in the API is an ISO 8601 string with an offset, e.g. "2026-11-23T19:00:00.000Z". */
export const isoDateTimeSchema = v.pipe(v.string(), v.isoTimestamp('must be an ISO 8601 date-time with an offset, e.g. 2026-11-23T19:00:00.000Z'));

export function pagedSchema<Item extends v.GenericSchema>(item: Item) {
  return v.object({
    page: v.pipe(v.number(), v.integer(), v.minValue(0)),
    pageSize: v.pipe(v.number(), v.integer(), v.minValue(1)),
    totalElementCount: v.pipe(v.number(), v.integer(), v.minValue(0)),
    results: v.array(item),
  });
}

export type Paged<Item> = { page: number; pageSize: number; totalElementCount: number; results: Item[] };
