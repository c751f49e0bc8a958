import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { type Db, openPostgres, PGLITE_EXTENSIONS, PGLITE_PARSERS, wrapPgliteInstance } from '../db/client.ts';

export const PGLITE_TEMPLATE_FILE = '.tmp/api-test-template.tar';
export const POSTGRES_TEMPLATE_DB = 'parkfair_test_template';

export async function openPgliteFrom(pglite: PGlite): Promise<Db> {
  return wrapPgliteInstance(pglite);
}

/** The API suite's PostgreSQL run (tests/run/test-api.mjs sets TEST_DATABASE_URL; the PGlite run leaves it empty). */
export const ON_POSTGRES = Boolean(process.env['TEST_DATABASE_URL']);

/** A private copy of the seeded test database for one test file. */
export async function openTestDatabase(): Promise<Db> {
  const adminUrl = process.env['TEST_DATABASE_URL'];
  if (adminUrl) {
    const name = `parkfair_test_${randomBytes(5).toString('hex')}`;
    const admin = await openPostgres(adminUrl);
    await admin.exec(`create database ${name} template ${POSTGRES_TEMPLATE_DB}`);
    await admin.close();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const db = await openPostgres(url.toString());
    return {
      ...db,
      close: async () => {
        await db.close();
        const cleanup = await openPostgres(adminUrl);
        await cleanup.exec(`drop database if exists ${name} with (force)`);
        await cleanup.close();
      },
    };
  }
  const dump = await readFile(PGLITE_TEMPLATE_FILE);
  const pglite = await PGlite.create({ loadDataDir: new Blob([dump]), parsers: PGLITE_PARSERS, extensions: PGLITE_EXTENSIONS });
  return wrapPgliteInstance(pglite);
}
