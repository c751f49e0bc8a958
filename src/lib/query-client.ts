/**
 * TanStack Query: one client, persisted to local storage under `pf-query-cache`.
 *
 * Only queries that opt in with `meta: { persist: true }` are written (locations, content,
 * digital tickets, sessions, vehicles…), so a device keeps what the lot needs offline without
 * storing everything. Queries about the signed-in user use keys that start with USER_QUERY_ROOT
 * (`['me', …]`), which sign-out removes in one call.
 *
 * A saved copy is kept whatever the last fetch did: a refresh that failed (offline at the gate,
 * a 401, a server error) must not delete the ticket the driver needs to leave. So every opted-in
 * query that has data is written, and written as a success with its own `dataUpdatedAt` (the
 * screens show "last updated" from it); only Logout removes a driver's queries (DESIGN.md
 * "Offline and the lot").
 */
import { dehydrate, QueryClient, type DehydratedState, type Query } from '@tanstack/react-query';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import type { PersistedClient, PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { STORAGE_KEYS } from './constants';
import { deviceHolderUid, isHoldersSignedInData, type SavedDataOwner } from './saved-data-owner';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { persist?: boolean };
  }
}

/** Bump when a persisted response shape changes: older caches are then discarded. */
export const QUERY_CACHE_SCHEMA_VERSION = '1';
export const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
export const USER_QUERY_ROOT = 'me';

export function shouldPersistQuery(query: Query): boolean {
  return query.meta?.persist === true && query.state.data !== undefined;
}

/**
 * The failure of the last refresh is not part of the saved copy: restored as an error, the copy
 * would be treated as "nothing loaded" by screens that wait for success.
 */
export function asSavedCopy(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) =>
      query.state.status === 'error' ? { ...query, state: { ...query.state, status: 'success', error: null, fetchFailureCount: 0, fetchFailureReason: null } } : query,
    ),
  };
}

/** The saved copy names whose user queries it holds: the stored sign-in's user when it is written. */
type SavedClient = PersistedClient & { ownerUid?: SavedDataOwner };

const serializeSavedClient = (client: PersistedClient): string =>
  JSON.stringify({ ...client, ownerUid: deviceHolderUid(), clientState: asSavedCopy(client.clientState) } satisfies SavedClient);

/**
 * The saved copy as restored: the user queries (tickets, passes, reservations…) only when they
 * are the stored sign-in's (src/lib/saved-data-owner.ts). A Logout cut off before its cleared
 * cache was written, or another driver's sign-in, leaves a copy whose tickets no screen may show.
 */
export function restoreSavedClient(text: string): PersistedClient {
  const saved = JSON.parse(text) as SavedClient;
  if (isHoldersSignedInData(saved.ownerUid, deviceHolderUid())) return saved;
  return { ...saved, clientState: { ...saved.clientState, queries: saved.clientState.queries.filter((query) => query.queryKey[0] !== USER_QUERY_ROOT) } };
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        // Persisted entries must outlive the persister's maxAge to be restored.
        gcTime: PERSIST_MAX_AGE_MS,
        retry: (failureCount, error) => failureCount < 2 && !(error instanceof Error && error.name === 'ApiError'),
      },
    },
  });
}

export function createPersistOptions(storage: Storage | undefined): Omit<PersistQueryClientOptions, 'queryClient'> {
  return {
    persister: createSyncStoragePersister({ storage, key: STORAGE_KEYS.queryCache, throttleTime: 1000, serialize: serializeSavedClient, deserialize: restoreSavedClient }),
    maxAge: PERSIST_MAX_AGE_MS,
    buster: QUERY_CACHE_SCHEMA_VERSION,
    dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
  };
}

/**
 * Writes the persisted cache now, in the persister's format. The persister writes at most once a
 * second (throttled, on a timer); a page that is closed or reloaded within that second would lose
 * the newest ticket, so the app calls this when the page is hidden (pagehide, visibilitychange),
 * when timers may no longer run.
 */
export function savePersistedCacheNow(queryClient: QueryClient, storage: Storage): void {
  const persisted: PersistedClient = {
    buster: QUERY_CACHE_SCHEMA_VERSION,
    timestamp: Date.now(),
    clientState: dehydrate(queryClient, { shouldDehydrateQuery: shouldPersistQuery }),
  };
  try {
    storage.setItem(STORAGE_KEYS.queryCache, serializeSavedClient(persisted));
  } catch {
    // Storage full or blocked: the throttled persister keeps trying; nothing else to do here.
  }
}

export function clearUserQueries(queryClient: QueryClient): void {
  queryClient.removeQueries({ queryKey: [USER_QUERY_ROOT] });
}

/**
 * The driver's garage data (tickets, provisional passes): park-and-pay fetches and persists it
 * (features/park-and-pay/garage-api.ts), the home page reads the saved copy to put "Your car at
 * …" first. Kept here, in the entry chunk, so the home page needs no extra chunk for three keys.
 */
export const garageKeys = {
  all: [USER_QUERY_ROOT, 'parking'] as const,
  tickets: [USER_QUERY_ROOT, 'parking', 'tickets'] as const,
  passes: [USER_QUERY_ROOT, 'parking', 'passes'] as const,
};
