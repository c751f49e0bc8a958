/**
 * Place lookup calls of spec 1 §7 (GET /search/api/poi/…), shared by the home hero and the search
 * screen's search box. Suggestions are not cached queries: each keystroke burst asks once, and a
 * newer request aborts the older one (the caller passes the signal).
 */
import { eventAutocompleteSchema, placeAutocompleteSchema, placeSchema, type EventPrediction, type Place } from '../contract/search';
import { apiFetch } from './api-client';

export type Suggestions = { places: Place[]; events: EventPrediction[] };

export async function fetchSuggestions(input: string, near: { latitude: number; longitude: number } | undefined, signal: AbortSignal): Promise<Suggestions> {
  const placeQuery = new URLSearchParams({ input });
  if (near) {
    placeQuery.set('lat', near.latitude.toFixed(6));
    placeQuery.set('lng', near.longitude.toFixed(6));
  }
  const [places, events] = await Promise.all([
    apiFetch(`/search/api/poi/autocomplete?${placeQuery}`, { schema: placeAutocompleteSchema, signal }),
    apiFetch(`/search/api/poi/events/autocomplete?${new URLSearchParams({ input })}`, { schema: eventAutocompleteSchema, signal }),
  ]);
  return { places: places.results, events: events.results };
}

/** The nearest named place to a position ("Use Current Location"). */
export function fetchNearestPlace(latitude: number, longitude: number, signal?: AbortSignal): Promise<Place> {
  const query = new URLSearchParams({ lat: latitude.toFixed(6), lng: longitude.toFixed(6) });
  return apiFetch(`/search/api/poi/reverse?${query}`, { schema: placeSchema, signal });
}

/** The best match for a typed text: a link with q but no position is placed this way. */
export async function findPlace(input: string, signal?: AbortSignal): Promise<Place | undefined> {
  const answer = await apiFetch(`/search/api/poi/autocomplete?${new URLSearchParams({ input })}`, { schema: placeAutocompleteSchema, signal });
  return answer.results[0];
}
