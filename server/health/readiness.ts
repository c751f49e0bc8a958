/**
 * Readiness: may a load balancer send this process requests? Yes only when, within a time bound,
 * - the process is not draining after SIGTERM (server/health/draining.ts),
 * - the database has every migration this code expects (a process newer than its database would
 *   fail on the first query that uses a new column), and
 * - a test write commits: an upsert of one row of health_checks (migration 0094). A database that
 *   answers reads but cannot write — read-only, PostgreSQL stopped or unreachable — fails every
 *   real write, so it must fail here too;
 * - for the embedded database, its disk has MIN_FREE_BYTES free. The upsert alone cannot see a
 *   full disk: it rewrites one row in place and its WAL goes into a segment already allocated,
 *   while a write that adds pages fails (the outside attacker's full disk had /healthz at 200
 *   while every write was a 500).
 */
import { readdirSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/client.ts';
import { getErrorMessage } from '../lib/http-error.ts';
import { isDraining } from './draining.ts';

/** Well inside a load balancer's usual 5 s check timeout; a healthy write takes about a millisecond. */
export const READINESS_TIMEOUT_MS = 2_000;

const MIGRATIONS_DIR = path.join(import.meta.dirname, '../db/migrations');

/** The migrations this code was shipped with (the names migrate.ts records in schema_migrations). */
export const expectedMigrations = (): string[] => readdirSync(MIGRATIONS_DIR).filter((name) => /^\d{4}_[\w-]+\.sql$/.test(name)).sort();

/** One WAL segment: less than this and the next segment or page PGlite needs will not fit. */
export const MIN_FREE_BYTES = 16 * 1024 * 1024;

export type Readiness = { ready: true } | { ready: false; reason: 'draining' | 'migrations' | 'disk' | 'database' | 'timeout'; message: string; detail?: string };

class ReadinessTimeout extends Error {}

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ReadinessTimeout()), ms);
    timer.unref();
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** `diskDir`: the embedded database's directory, whose free space is checked; none for PostgreSQL (its disk is the server's). */
export async function checkReadiness(db: Db, expected: readonly string[], timeoutMs: number = READINESS_TIMEOUT_MS, diskDir?: string): Promise<Readiness> {
  if (isDraining()) return { ready: false, reason: 'draining', message: 'This process is shutting down.' };
  try {
    return await within(timeoutMs, probe(db, expected, diskDir));
  } catch (error: unknown) {
    if (error instanceof ReadinessTimeout) return { ready: false, reason: 'timeout', message: `The database did not answer a test write within ${timeoutMs} ms.` };
    return { ready: false, reason: 'database', message: 'The database cannot be written.', detail: getErrorMessage(error) };
  }
}

async function probe(db: Db, expected: readonly string[], diskDir: string | undefined): Promise<Readiness> {
  if (diskDir !== undefined) {
    const space = await statfs(diskDir);
    const free = space.bavail * space.bsize;
    if (free < MIN_FREE_BYTES) {
      return { ready: false, reason: 'disk', message: `The disk holding the database is full (${Math.floor(free / 1024)} KB free).` };
    }
  }
  const applied = await db.query<{ name: string }>('select name from schema_migrations where name = any($1)', [expected]);
  if (applied.length < expected.length) {
    const have = new Set(applied.map((row) => row.name));
    const missing = expected.filter((name) => !have.has(name));
    return { ready: false, reason: 'migrations', message: `The database is missing ${missing.length} migration(s) this version needs: ${missing.join(', ')}.` };
  }
  await db.query(
    `insert into health_checks (probe, checked_at) values ('ready', now())
     on conflict (probe) do update set checked_at = excluded.checked_at`,
  );
  return { ready: true };
}
