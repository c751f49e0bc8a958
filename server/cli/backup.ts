/**
 * `npm run backup -- --out <file>` | `npm run restore -- <file>`: a logical backup of the
 * PostgreSQL database in DATABASE_URL with `pg_dump -Fc` (custom format: compressed, restorable
 * table by table), and its restore with `pg_restore` into the database in DATABASE_URL, which
 * must exist and be empty (a restore never mixes into live data). The small operator's nightly
 * backup; point-in-time recovery (base backup + WAL archive) is in docs/operations.md "Backups".
 * PGlite has no pg_dump: stop the server and copy DATA_DIR instead.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { openPostgres } from '../db/client.ts';

const USAGE = 'Usage: npm run backup -- --out <file> | npm run restore -- <file>   (DATABASE_URL=postgres://…)';

/**
 * The newest Debian PostgreSQL client binaries (/usr/lib/postgresql/<version>/bin), else PATH:
 * pg_dump must be at least the server's version, so the newest installed one is the safe pick.
 */
function findPostgresTool(name: 'pg_dump' | 'pg_restore'): string {
  const base = '/usr/lib/postgresql';
  if (existsSync(base)) {
    const versions = readdirSync(base).filter((version) => existsSync(path.join(base, version, 'bin', name)));
    versions.sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return path.join(base, versions[0], 'bin', name);
  }
  return name;
}

function run(command: string, args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code) => resolve(code ?? 1));
  });
}

/** Without the password: the URL is printed in messages. */
const where = (databaseUrl: string) => {
  const url = new URL(databaseUrl);
  return `${url.hostname}:${url.port || 5432}${url.pathname}`;
};

async function backup(databaseUrl: string, out: string): Promise<number> {
  const code = await run(findPostgresTool('pg_dump'), ['--format=custom', '--no-owner', '--no-privileges', `--file=${out}`, `--dbname=${databaseUrl}`]);
  if (code !== 0) {
    console.error(`pg_dump failed (exit ${code}); ${out} is not a backup.`);
    return code;
  }
  console.log(`Backed up ${where(databaseUrl)} to ${out} (${statSync(out).size} bytes).`);
  return 0;
}

async function restore(databaseUrl: string, file: string): Promise<number> {
  if (!existsSync(file)) {
    console.error(`No backup file ${file}.`);
    return 2;
  }
  const db = await openPostgres(databaseUrl);
  const [row] = await db.query<{ n: number }>(`select count(*)::int as n from pg_tables where schemaname = 'public'`);
  await db.close();
  if ((row?.n ?? 0) > 0) {
    console.error(`${where(databaseUrl)} already has ${row?.n} tables: restore into a new, empty database (createdb …), then point DATABASE_URL at it.`);
    return 2;
  }
  // One transaction: a restore that fails half-way leaves the database empty, not half-filled.
  const code = await run(findPostgresTool('pg_restore'), ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${databaseUrl}`, file]);
  if (code !== 0) {
    console.error(`pg_restore failed (exit ${code}); ${where(databaseUrl)} was left as it was.`);
    return code;
  }
  console.log(`Restored ${file} into ${where(databaseUrl)}.`);
  return 0;
}

async function main(args: string[]): Promise<number> {
  const databaseUrl = process.env['DATABASE_URL'] ?? '';
  if (!/^postgres(ql)?:\/\//.test(databaseUrl)) {
    console.error(`DATABASE_URL must be a postgres:// URL (PGlite: stop the server and copy DATA_DIR).\n${USAGE}`);
    return 2;
  }
  const [command, ...rest] = args;
  if (command === 'backup') {
    const outAt = rest.indexOf('--out');
    const out = outAt >= 0 ? rest[outAt + 1] : undefined;
    if (!out) {
      console.error(USAGE);
      return 2;
    }
    return backup(databaseUrl, out);
  }
  if (command === 'restore' && rest[0] && !rest[0].startsWith('-')) return restore(databaseUrl, rest[0]);
  console.error(USAGE);
  return 2;
}

process.exitCode = await main(process.argv.slice(2));
