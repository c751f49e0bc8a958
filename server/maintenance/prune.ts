/**
 * Retention of bookkeeping rows: rows past their retention are deleted in bounded batches
 * (BATCH_ROWS per statement, oldest first along an index on the expiry column, a pause between
 * statements), so a first run on years of history is many short statements that never hold locks
 * or the machine for long, not one huge delete. Ticket history, payments and receipts are records,
 * not bookkeeping: they are never pruned here. Retention and why (docs/decisions/0107-…):
 * - idempotency_keys, 7 days (KEY_LIFETIME_MS): the client retries within minutes and its persisted
 *   offline queue within a day or so; a key still leased (its request running) is never deleted;
 * - mail_outbox, 30 days: the record of what was sent, read by support and the development outbox;
 * - rate_limit_counters, 1 day: the longest window is an hour;
 * - client_logs, 90 days: diagnostics of app versions still in use;
 * - analytics_events, 400 days: page views and purchases, a year back for comparison (decision 0115);
 * - maintenance_runs, 30 days: this job's own record.
 */
import type { Db } from '../db/client.ts';
import { KEY_LIFETIME_MS } from '../payments/idempotency.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
export const BATCH_ROWS = 1_000;
const PAUSE_MS = 200;

export type PruneRule = {
  table: string;
  /** The expiry column; an index on it makes each batch a short index range. */
  column: string;
  retentionMs: number;
  /** Rows that must stay although old ($3 is now). */
  unlessSql?: string;
};

export const PRUNE_RULES: readonly PruneRule[] = [
  {
    table: 'idempotency_keys', column: 'created_at', retentionMs: KEY_LIFETIME_MS,
    unlessSql: `state = 'running' and lease_expires_at > $3`,
  },
  { table: 'mail_outbox', column: 'created_at', retentionMs: 30 * DAY_MS },
  { table: 'rate_limit_counters', column: 'window_start', retentionMs: DAY_MS },
  { table: 'client_logs', column: 'received_at', retentionMs: 90 * DAY_MS },
  { table: 'analytics_events', column: 'received_at', retentionMs: 400 * DAY_MS },
  { table: 'maintenance_runs', column: 'slot', retentionMs: 30 * DAY_MS },
];

/** Deletes at most `limit` of the oldest expired rows of one rule; answers how many. */
export async function pruneBatch(db: Db, rule: PruneRule, now: Date, limit = BATCH_ROWS): Promise<number> {
  const keep = rule.unlessSql ? ` and not (${rule.unlessSql})` : '';
  const [row] = await db.query<{ n: number }>(
    // By ctid: a Tid Scan of the rows the index range found (a key IN (…) may be planned as a
    // hash join over the whole table). The filter is repeated so a row changed meanwhile is
    // re-checked on its new version.
    `with gone as (
       delete from ${rule.table} where ctid = any(array(
         select ctid from ${rule.table} where ${rule.column} < $1${keep} order by ${rule.column} limit $2))
         and ${rule.column} < $1${keep}
       returning 1)
     select count(*)::int as n from gone`,
    rule.unlessSql ? [new Date(now.getTime() - rule.retentionMs), limit, now] : [new Date(now.getTime() - rule.retentionMs), limit],
  );
  return row?.n ?? 0;
}

export type PruneOptions = { batchRows?: number; pauseMs?: number; shouldStop?: () => boolean };

/** One pass over every rule, batch after batch until a batch comes back short; rows deleted per table. */
export async function pruneAll(db: Db, now: () => Date, options: PruneOptions = {}): Promise<Record<string, number>> {
  const batchRows = options.batchRows ?? BATCH_ROWS;
  const pauseMs = options.pauseMs ?? PAUSE_MS;
  const deleted: Record<string, number> = {};
  for (const rule of PRUNE_RULES) {
    let total = 0;
    for (;;) {
      if (options.shouldStop?.()) break;
      const n = await pruneBatch(db, rule, now(), batchRows);
      total += n;
      if (n < batchRows) break;
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
    deleted[rule.table] = total;
  }
  return deleted;
}
