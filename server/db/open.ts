import { mkdir } from 'node:fs/promises';
import type { Config } from '../config.ts';
import { type Db, openPglite, openPostgres } from './client.ts';
import { migrate } from './migrate.ts';
import { seedIfEmpty } from './seed.ts';

/** Opens the configured database, applies migrations and seeds a new one. */
export async function openDatabase(config: Config, now: Date = new Date()): Promise<{ db: Db; seeded: boolean; where: string }> {
  if (!config.databaseUrl) await mkdir(config.dataDir, { recursive: true });
  const db = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openPglite(`${config.dataDir}/pgdata`);
  await migrate(db);
  const seeded = await seedIfEmpty(db, now);
  const where = config.databaseUrl ? `PostgreSQL (${new URL(config.databaseUrl).host})` : `embedded PGlite in ${config.dataDir}/pgdata`;
  return { db, seeded, where };
}
