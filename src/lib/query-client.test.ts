import { describe, expect, it } from 'vitest';
import { clearUserQueries, createQueryClient, shouldPersistQuery, USER_QUERY_ROOT } from './query-client';

describe('query persistence', () => {
  it('persists only successful queries marked meta.persist', async () => {
    const client = createQueryClient();
    await client.prefetchQuery({ queryKey: ['locations'], queryFn: () => [1], meta: { persist: true } });
    await client.prefetchQuery({ queryKey: ['search'], queryFn: () => [2] });
    await client.prefetchQuery({ queryKey: ['broken'], queryFn: () => Promise.reject(new Error('x')), retry: false, meta: { persist: true } });
    const persisted = client.getQueryCache().getAll().filter(shouldPersistQuery).map((q) => q.queryKey[0]);
    expect(persisted).toEqual(['locations']);
  });

  it('sign-out removes every user query and keeps public ones', async () => {
    const client = createQueryClient();
    await client.prefetchQuery({ queryKey: [USER_QUERY_ROOT, 'monthly-contracts'], queryFn: () => [1] });
    await client.prefetchQuery({ queryKey: ['locations'], queryFn: () => [1] });
    clearUserQueries(client);
    expect(client.getQueryCache().getAll().map((q) => q.queryKey[0])).toEqual(['locations']);
  });
});
