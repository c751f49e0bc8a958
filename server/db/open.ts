import { mkdir } from 'node:fs/promises';
import type { Config } from '../config.ts';
import { type Db, openPglite, openPostgres } from './client.ts';
import { migrate } from './migrate.ts';
import { lockPgliteDir } from './pglite-lock.ts';
import { seedIfEmpty } from './seed.ts';
import { describeDatabaseUrl, explainPgliteFailure, explainPostgresFailure, StartupError, withinStartup } from './startup-errors.ts';

/** A PostgreSQL server that neither answers nor refuses (a dropped packet) would hold startup forever. */
const POSTGRES_CONNECT_TIMEOUT_MS = 20_000;

/**
 * Opens the configured database, applies migrations and seeds a new one. A failure the operator
 * can fix (full disk, read-only or locked DATA_DIR, a wrong DATABASE_URL) is thrown as a
 * StartupError whose one-line message says what to do (server/db/startup-errors.ts).
 */
export async function openDatabase(config: Config, now: Date = new Date()): Promise<{ db: Db; seeded: boolean; where: string }> {
  return config.databaseUrl ? openConfiguredPostgres(config.databaseUrl, now) : openEmbedded(config.dataDir, now);
}

async function openEmbedded(dataDir: string, now: Date) {
  let release: (() => Promise<void>) | undefined;
  let db: Db | undefined;
  try {
    await mkdir(dataDir, { recursive: true });
    release = await lockPgliteDir(dataDir);
    db = await openPglite(`${dataDir}/pgdata`);
    const seeded = await prepare(db, now);
    const opened = db;
    const unlock = release;
    const close = async () => {
      await opened.close();
      await unlock();
    };
    return { db: { ...opened, close }, seeded, where: `embedded PGlite in ${dataDir}/pgdata` };
  } catch (error: unknown) {
    await db?.close().catch(() => {});
    await release?.().catch(() => {});
    throw (await explainPgliteFailure(error, dataDir)) ?? error;
  }
}

async function openConfiguredPostgres(databaseUrl: string, now: Date) {
  let db: Db | undefined;
  try {
    const { host } = describeDatabaseUrl(databaseUrl);
    const seconds = POSTGRES_CONNECT_TIMEOUT_MS / 1000;
    db = await withinStartup(POSTGRES_CONNECT_TIMEOUT_MS, openPostgres(databaseUrl), () =>
      new StartupError(`PostgreSQL at ${host} did not answer within ${seconds} s: check the host and port in DATABASE_URL and that a firewall is not dropping the connection.`),
    );
    const seeded = await prepare(db, now);
    return { db, seeded, where: `PostgreSQL (${host})` };
  } catch (error: unknown) {
    await db?.close().catch(() => {});
    throw explainPostgresFailure(error, databaseUrl) ?? error;
  }
}

async function prepare(db: Db, now: Date): Promise<boolean> {
  await migrate(db);
  return seedIfEmpty(db, now);
}
