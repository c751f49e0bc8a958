/**
 * The pruning job inside the server (prune.ts): every process ticks once an hour (the first tick a
 * few minutes after start, not during start-up), and the process whose insert wins the hour's row
 * in maintenance_runs prunes; the others skip. A claim row rather than an advisory lock: the
 * database layer pools connections, so a session lock could be taken on one connection and
 * released on another. A pruner that dies leaves its hour's slot claimed and the next hour's run
 * carries on: pruning only deletes what is expired, so a late or repeated run changes nothing.
 * Drivers never wait for it: it runs off the request path, in batches with pauses.
 */
import os from 'node:os';
import type { Deps } from '../deps.ts';
import { log } from '../lib/logger.ts';
import { runAsJob } from '../lib/request-context.ts';
import { pruneAll } from './prune.ts';

export const PRUNE_INTERVAL_MS = 60 * 60_000;
const FIRST_RUN_AFTER_MS = 5 * 60_000;

/** Claims this hour's run of `job`; true for the one process that should run it. */
export async function claimRun(db: Deps['db'], job: string, now: Date, worker: string): Promise<boolean> {
  const slot = new Date(Math.floor(now.getTime() / PRUNE_INTERVAL_MS) * PRUNE_INTERVAL_MS);
  const claimed = await db.query(
    `insert into maintenance_runs (job, slot, worker, started_at) values ($1, $2, $3, $4) on conflict do nothing returning 1 as claimed`,
    [job, slot, worker, now],
  );
  return claimed.length > 0;
}

export function startPruneSchedule({ db, now }: Pick<Deps, 'db' | 'now'>): { stop: () => void } {
  const worker = `${os.hostname()}:${process.pid}`;
  let running = false;
  let stopped = false;
  const tick = async () => {
    if (running || stopped) return;
    running = true;
    try {
      const startedAt = now();
      if (!(await claimRun(db, 'prune', startedAt, worker))) return;
      const deleted = await pruneAll(db, now, { shouldStop: () => stopped });
      await db.query(`update maintenance_runs set finished_at = $3, deleted = $4 where job = $1 and started_at = $2 and worker = $5`, ['prune', startedAt, now(), JSON.stringify(deleted), worker]);
      if (Object.values(deleted).some((n) => n > 0)) log.info({ deleted }, '[maintenance] pruned');
    } catch (error: unknown) {
      if (!stopped) log.error(`[maintenance] pruning failed, next in an hour: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void runAsJob('prune', tick), FIRST_RUN_AFTER_MS); // a job id on each run's lines
  const hourly = setInterval(() => void runAsJob('prune', tick), PRUNE_INTERVAL_MS);
  first.unref();
  hourly.unref();
  return {
    stop: () => {
      stopped = true;
      clearTimeout(first);
      clearInterval(hourly);
    },
  };
}
