/**
 * "Choosing a place records a search analytics event" (spec 1 §2.3). As with page views
 * (page-view.ts), no third-party analytics: a `pf:search` window event an adapter or a test can
 * listen to, and the console at debug level.
 */
export type SearchEvent = { query: string; latitude: number; longitude: number; source: 'place' | 'current-location' | 'event'; at: string };

export const SEARCH_EVENT = 'pf:search';

export function logSearch(event: Omit<SearchEvent, 'at'>): void {
  const detail: SearchEvent = { ...event, at: new Date().toISOString() };
  console.debug('search', detail);
  window.dispatchEvent(new CustomEvent<SearchEvent>(SEARCH_EVENT, { detail }));
}
