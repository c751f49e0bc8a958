/**
 * Builds one migrated, seeded database before the API suite, which each test file then clones:
 * - PGlite (default): a data-directory dump in .tmp/, loaded into a fresh in-memory PGlite per file;
 * - PostgreSQL (TEST_DATABASE_URL=postgres://…/postgres): a template database each file copies.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { openPostgres, PGLITE_EXTENSIONS, PGLITE_PARSERS } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { seedIfEmpty } from '../db/seed.ts';
import { openPgliteFrom, PGLITE_TEMPLATE_FILE, POSTGRES_TEMPLATE_DB } from './test-db.ts';
import { TEST_NOW } from './test-clock.ts';

export default async function setup() {
  const adminUrl = process.env['TEST_DATABASE_URL'];
  if (adminUrl) {
    const admin = await openPostgres(adminUrl);
    await admin.exec(`drop database if exists ${POSTGRES_TEMPLATE_DB} with (force)`);
    await admin.exec(`create database ${POSTGRES_TEMPLATE_DB}`);
    const templateUrl = new URL(adminUrl);
    templateUrl.pathname = `/${POSTGRES_TEMPLATE_DB}`;
    const template = await openPostgres(templateUrl.toString());
    await migrate(template);
    await seedIfEmpty(template, TEST_NOW);
    await template.close();
    await admin.close();
    return;
  }
  const pglite = await PGlite.create({ parsers: PGLITE_PARSERS, extensions: PGLITE_EXTENSIONS });
  const db = await openPgliteFrom(pglite);
  await migrate(db);
  await seedIfEmpty(db, TEST_NOW);
  const dump = await pglite.dumpDataDir('none');
  await mkdir('.tmp', { recursive: true });
  await writeFile(PGLITE_TEMPLATE_FILE, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
}
