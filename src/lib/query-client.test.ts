import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from './constants';
import { clearUserQueries, createQueryClient, QUERY_CACHE_SCHEMA_VERSION, restoreSavedClient, savePersistedCacheNow, shouldPersistQuery, USER_QUERY_ROOT } from './query-client';

describe('query persistence', () => {
  it('persists the queries marked meta.persist that have data', async () => {
    const client = createQueryClient();
    await client.prefetchQuery({ queryKey: ['locations'], queryFn: () => [1], meta: { persist: true } });
    await client.prefetchQuery({ queryKey: ['search'], queryFn: () => [2] });
    await client.prefetchQuery({ queryKey: ['broken'], queryFn: () => Promise.reject(new Error('x')), retry: false, meta: { persist: true } });
    const persisted = client.getQueryCache().getAll().filter(shouldPersistQuery).map((q) => q.queryKey[0]);
    expect(persisted).toEqual(['locations']);
  });

  it('keeps the saved ticket when its refresh fails, written as a success with its first update time', async () => {
    const client = createQueryClient();
    const ticketsKey = [USER_QUERY_ROOT, 'parking', 'tickets'];
    await client.prefetchQuery({ queryKey: ticketsKey, queryFn: () => ['PF7K2QX'], meta: { persist: true } });
    const updatedAt = client.getQueryState(ticketsKey)?.dataUpdatedAt;
    await client.fetchQuery({ queryKey: ticketsKey, queryFn: () => Promise.reject(new Error('offline')), retry: false, staleTime: 0, meta: { persist: true } }).catch(() => undefined);
    expect(client.getQueryState(ticketsKey)?.status).toBe('error');
    const items = new Map<string, string>();
    savePersistedCacheNow(client, { setItem: (key: string, value: string) => items.set(key, value) } as unknown as Storage);
    const saved = JSON.parse(items.get(STORAGE_KEYS.queryCache) ?? '{}') as { clientState: { queries: { queryKey: unknown[]; state: { data: unknown; status: string; dataUpdatedAt: number } }[] } };
    expect(saved.clientState.queries).toEqual([expect.objectContaining({ queryKey: ticketsKey, state: expect.objectContaining({ data: ['PF7K2QX'], status: 'success', dataUpdatedAt: updatedAt }) })]);
  });

  it('sign-out removes every user query and keeps public ones', async () => {
    const client = createQueryClient();
    await client.prefetchQuery({ queryKey: [USER_QUERY_ROOT, 'monthly-contracts'], queryFn: () => [1] });
    await client.prefetchQuery({ queryKey: ['locations'], queryFn: () => [1] });
    clearUserQueries(client);
    expect(client.getQueryCache().getAll().map((q) => q.queryKey[0])).toEqual(['locations']);
  });

  it('savePersistedCacheNow writes the persisted queries at once, in the persister format', async () => {
    const client = createQueryClient();
    await client.prefetchQuery({ queryKey: [USER_QUERY_ROOT, 'tickets'], queryFn: () => ['PF7K2QX'], meta: { persist: true } });
    await client.prefetchQuery({ queryKey: ['search'], queryFn: () => [2] });
    const items = new Map<string, string>();
    const storage = { setItem: (key: string, value: string) => items.set(key, value) } as unknown as Storage;
    savePersistedCacheNow(client, storage);
    const saved = JSON.parse(items.get(STORAGE_KEYS.queryCache) ?? '{}') as { buster: string; clientState: { queries: { queryKey: unknown[]; state: { data: unknown } }[] } };
    expect(saved.buster).toBe(QUERY_CACHE_SCHEMA_VERSION);
    expect(saved.clientState.queries.map((query) => [query.queryKey, query.state.data])).toEqual([[[USER_QUERY_ROOT, 'tickets'], ['PF7K2QX']]]);
  });
});

describe('the saved copy belongs to the stored sign-in', () => {
  const ticketsKey = [USER_QUERY_ROOT, 'parking', 'tickets'];
  /** The device's stored sign-in item (null: none). */
  const signedInAs = (uid: string | null) =>
    vi.stubGlobal('localStorage', { getItem: (key: string) => (key === STORAGE_KEYS.auth && uid ? JSON.stringify({ uid, signinTime: 1 }) : null) });
  afterEach(() => vi.unstubAllGlobals());

  /** Driver u1's tickets and the public garages, saved while u1 was the stored sign-in. */
  async function savedByDriver(): Promise<string> {
    signedInAs('u1');
    const client = createQueryClient();
    await client.prefetchQuery({ queryKey: ticketsKey, queryFn: () => ['PF7K2QX'], meta: { persist: true } });
    await client.prefetchQuery({ queryKey: ['locations'], queryFn: () => [1], meta: { persist: true } });
    const items = new Map<string, string>();
    savePersistedCacheNow(client, { setItem: (key: string, value: string) => items.set(key, value) } as unknown as Storage);
    return items.get(STORAGE_KEYS.queryCache) ?? '';
  }
  const restoredKeys = (text: string) => restoreSavedClient(text).clientState.queries.map((query) => query.queryKey[0]);

  it("restores the driver's tickets for that driver, also signed out by force (the gate keeps the pass)", async () => {
    const text = await savedByDriver();
    expect(JSON.parse(text)).toMatchObject({ ownerUid: 'u1' });
    expect(restoredKeys(text)).toEqual([USER_QUERY_ROOT, 'locations']);
    vi.stubGlobal('localStorage', { getItem: (key: string) => (key === STORAGE_KEYS.auth ? JSON.stringify({ uid: 'u1', signinTime: 1, isExpired: true }) : null) });
    expect(restoredKeys(text)).toEqual([USER_QUERY_ROOT, 'locations']);
  });

  it('drops them when the stored sign-in is gone (a Logout cut off before the cleared copy was written) or is another driver', async () => {
    const text = await savedByDriver();
    signedInAs(null);
    expect(restoredKeys(text)).toEqual(['locations']);
    signedInAs('u2');
    expect(restoredKeys(text)).toEqual(['locations']);
  });

  it('gives a copy saved before owners were written to the stored sign-in only', async () => {
    const legacy = JSON.stringify({ ...JSON.parse(await savedByDriver()), ownerUid: undefined });
    expect(restoredKeys(legacy)).toEqual([USER_QUERY_ROOT, 'locations']);
    signedInAs(null);
    expect(restoredKeys(legacy)).toEqual(['locations']);
  });
});
