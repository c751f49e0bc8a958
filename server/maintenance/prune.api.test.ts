/**
 * Retention (prune.ts): rows past their retention are deleted in batches of the stated size, rows
 * inside it stay, an Idempotency-Key whose request is still running (its lease live) stays however
 * old, and only one process runs an hour's pruning (the maintenance_runs claim).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { KEY_LIFETIME_MS, LEASE_MS } from '../payments/idempotency.ts';
import { openTestDatabase } from '../testing/test-db.ts';
import { PRUNE_RULES, pruneAll, pruneBatch } from './prune.ts';
import { claimRun } from './schedule.ts';

const NOW = new Date('2026-12-06T17:00:00Z');
const DAY_MS = 86_400_000;
const ago = (ms: number) => new Date(NOW.getTime() - ms);
let db: Db;

beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => db?.close());

const count = async (sql: string, params: unknown[] = []) => (await db.query<{ n: number }>(`select count(*)::int as n from ${sql}`, params))[0]?.n;

/** `n` done keys of user `uid` created `age` ago, one millisecond apart. */
async function addKeys(uid: string, n: number, age: number, state: 'done' | 'running' = 'done', leaseExpiresAt: Date | null = null) {
  await db.query(
    `insert into idempotency_keys (owner_uid, idempotency_key, request_fingerprint, state, response_status, response_body, created_at, lease_token, lease_expires_at)
     select $1, 'k-' || i, 'f', $3, 200, '{}', $4::timestamptz - i * interval '1 millisecond', case when $3 = 'running' then 'holder' end, $5
     from generate_series(1, $2::int) i`,
    [uid, n, state, ago(age), leaseExpiresAt],
  );
}

describe('pruning expired bookkeeping rows', () => {
  it('deletes idempotency keys older than 7 days in batches, keeps newer ones and any key still leased', async () => {
    await addKeys('old-user', 2_500, KEY_LIFETIME_MS + DAY_MS);
    await addKeys('new-user', 30, KEY_LIFETIME_MS - DAY_MS);
    // A request running for a week would be absurd, but its key must still never vanish under it.
    await addKeys('leased-user', 3, KEY_LIFETIME_MS + DAY_MS, 'running', new Date(NOW.getTime() + LEASE_MS));
    await addKeys('dead-holder-user', 4, KEY_LIFETIME_MS + DAY_MS, 'running', ago(1_000));
    const rule = PRUNE_RULES.find((r) => r.table === 'idempotency_keys');
    if (!rule) throw new Error('no idempotency_keys rule');

    // One statement deletes at most one batch.
    expect(await pruneBatch(db, rule, NOW, 1_000)).toBe(1_000);
    expect(await count(`idempotency_keys where owner_uid = 'old-user'`)).toBe(1_500);
    const deleted = await pruneAll(db, () => NOW, { batchRows: 1_000, pauseMs: 0 });
    expect(deleted['idempotency_keys']).toBe(1_500 + 4);
    expect(await count(`idempotency_keys where owner_uid = 'old-user'`)).toBe(0);
    expect(await count(`idempotency_keys where owner_uid = 'dead-holder-user'`)).toBe(0);
    expect(await count(`idempotency_keys where owner_uid = 'new-user'`)).toBe(30);
    expect(await count(`idempotency_keys where owner_uid = 'leased-user'`)).toBe(3);
    // Nothing left to do: a second run deletes nothing.
    expect((await pruneAll(db, () => NOW, { batchRows: 1_000, pauseMs: 0 }))['idempotency_keys']).toBe(0);
  });

  it('deletes mail older than 30 days, rate-limit windows older than a day and client logs older than 90 days', async () => {
    await db.query(
      `insert into mail_outbox (to_address, subject, text_body, kind, transport, created_at)
       select 'prune-' || i || '@example.com', 's', 't', 'verify-email', 'outbox', $1::timestamptz - i * interval '1 minute' from generate_series(1, 5) i`,
      [ago(31 * DAY_MS)],
    );
    await db.query(`insert into mail_outbox (to_address, subject, text_body, kind, transport, created_at) values ('keep@example.com', 's', 't', 'verify-email', 'outbox', $1)`, [ago(29 * DAY_MS)]);
    await db.query(
      `insert into rate_limit_counters (bucket, client_key, window_start, hits) values ('prune-test', 'a', $1, 3), ('prune-test', 'b', $2, 3)`,
      [ago(DAY_MS + 60_000), ago(3_600_000)],
    );
    await db.query(
      `insert into client_logs (received_at, log_level, log_event, message) values ($1, 'Error', 'ClientError', 'old'), ($2, 'Error', 'ClientError', 'new')`,
      [ago(91 * DAY_MS), ago(89 * DAY_MS)],
    );
    await pruneAll(db, () => NOW, { batchRows: 2, pauseMs: 0 });
    expect(await count(`mail_outbox where to_address like 'prune-%'`)).toBe(0);
    expect(await count(`mail_outbox where to_address = 'keep@example.com'`)).toBe(1);
    expect((await db.query(`select client_key from rate_limit_counters where bucket = 'prune-test'`))).toEqual([{ client_key: 'b' }]);
    expect((await db.query(`select message from client_logs where message in ('old', 'new')`))).toEqual([{ message: 'new' }]);
  });

  it('runs an hour of pruning in one process only', async () => {
    const claims = await Promise.all(['a:1', 'b:2', 'c:3'].map((worker) => claimRun(db, 'prune', NOW, worker)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimRun(db, 'prune', new Date(NOW.getTime() + 60 * 60_000), 'b:2')).toBe(true);
  });
});
