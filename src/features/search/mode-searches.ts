/**
 * The search an event or a content page opens (spec 1 §4 "Event search", "Content search"). A
 * failed lookup is silently ignored: the search then opens at the default place and times.
 */
import type { ContentItem } from '../../contract/content';
import type { RateEvent } from '../../contract/rates';
import { DEFAULT_MAP_CENTRE } from '../../contract/search';
import { defaultTimes, settleTimes } from '../../lib/time-slots';
import type { SearchState } from './search-url';

const EVENT_WINDOW_MS = 2 * 60 * 60_000;
/** Spec 1 §4: promo content is fixed to a point near Secaucus (Secaucus Junction). */
export const SECAUCUS_POINT = { latitude: 40.761, longitude: -74.0757 } as const;

const blank = (now: number): SearchState => ({ ...defaultTimes(now), type: 'DAILY', query: '', ...DEFAULT_MAP_CENTRE, isOversized: false });

export function eventSearch(event: RateEvent | undefined, now: number): SearchState {
  if (!event) return blank(now);
  const start = Date.parse(event.startTimeUtc);
  return {
    ...blank(now),
    ...settleTimes({ arrival: start, departure: start + EVENT_WINDOW_MS }, now),
    query: event.venueName,
    latitude: event.latitude,
    longitude: event.longitude,
  };
}

export function contentSearch(content: ContentItem | undefined, now: number): SearchState {
  if (!content) return blank(now);
  const point = content.latitude !== null && content.longitude !== null ? { latitude: content.latitude, longitude: content.longitude } : SECAUCUS_POINT;
  return { ...blank(now), query: content.header, ...point };
}
