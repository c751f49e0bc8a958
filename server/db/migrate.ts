/**
 * Applies server/db/migrations/NNNN_name.sql in order, once each, recorded in schema_migrations.
 * A PostgreSQL advisory lock keeps two server processes starting together from racing; the
 * first-start seed (seed.ts) takes the same lock, so N processes on an empty database migrate
 * and seed it once between them.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './client.ts';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const FIRST_START_LOCK_KEY = 4_151_956;

/**
 * Runs `work` in one transaction holding the first-start lock: every process doing something
 * once per database (migrate, seed) waits here for the others, then sees what they committed.
 */
export function withFirstStartLock<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [FIRST_START_LOCK_KEY]);
    return work(tx);
  });
}

export async function migrate(db: Db): Promise<string[]> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((name) => /^\d{4}_[\w-]+\.sql$/.test(name)).sort();
  return withFirstStartLock(db, async (tx) => {
    await tx.exec(`create table if not exists schema_migrations (
      name text primary key, applied_at timestamptz not null default now())`);
    const done = new Set((await tx.query<{ name: string }>('select name from schema_migrations')).map((row) => row.name));
    const applied: string[] = [];
    for (const name of files) {
      if (done.has(name)) continue;
      await tx.exec(await readFile(path.join(MIGRATIONS_DIR, name), 'utf8'));
      await tx.query('insert into schema_migrations (name) values ($1)', [name]);
      applied.push(name);
    }
    return applied;
  });
}
