/**
 * Where a search is: its lat/lng when the URL has them; else the best place for its text (a link
 * with only `q`), remembered so it opens offline; else the default map centre (spec 1 §9).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_MAP_CENTRE } from '../../contract/search';
import { findPlace } from '../../lib/place-search-api';
import type { Point } from './search-results';
import type { SearchState } from './search-url';

/** The best place for a search's text (null when none matches). */
export function placeQueryOptions(query: string) {
  return queryOptions({
    queryKey: ['search', 'place', query.toLowerCase()],
    queryFn: ({ signal }) => findPlace(query, signal).then((place) => place ?? null),
    staleTime: 24 * 60 * 60_000,
    meta: { persist: true },
  });
}

export const hasSearchPoint = (search: SearchState): boolean => search.latitude !== undefined && search.longitude !== undefined;

export function useSearchPoint(search: SearchState | undefined): Point | undefined {
  const hasPoint = search !== undefined && hasSearchPoint(search);
  const query = search?.query ?? '';
  const placeQuery = useQuery({ ...placeQueryOptions(query), enabled: !hasPoint && query.length > 0 });
  if (!search) return undefined;
  if (hasPoint) return { latitude: search.latitude!, longitude: search.longitude! };
  if (!query) return DEFAULT_MAP_CENTRE;
  if (placeQuery.isPending) return undefined;
  return placeQuery.data ?? DEFAULT_MAP_CENTRE;
}
