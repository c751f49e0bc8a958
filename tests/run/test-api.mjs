/**
 * `npm run test:api`: the API suite (Vitest project "api") twice, with a Firebase Auth emulator
 * of its own (free ports) running so suites can sign real emulator users in:
 *   (a) on PGlite, the embedded default;
 *   (b) on a real PostgreSQL server: a throwaway cluster this script creates, starts and removes
 *       (Debian's postgresql is installed first if it is missing).
 * Both runs go at once, each printing its output whole when it ends. On 2 cores they took 4 min
 * 38 s side by side against 5 min 18 s one after the other (2 Vitest workers each; 96 % against
 * ~80 % of the cores busy: one run's files that wait on a 30 s timer leave room for the other's).
 * The exit code is non-zero if either failed. Extra arguments go to both Vitest runs. Suites that
 * never touch the database (DATABASE_FREE) run once, on PGlite.
 */
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { tsImport } from 'tsx/esm/api';
import { ensureDebianPackages, findFreePort, formatDuration, run, runNodeBin, vitestReportArgs, wasInterrupted } from './lib.mjs';

const FIREBASE_PROJECT_ID = 'demo-parkfair';
const extraArgs = process.argv.slice(2);
/**
 * Suites the database plays no part in, run once: the plate models reading real photos (~50 s), a
 * revoked token refused (the emulator's record), and the time limits on receiving a request (a
 * body trickled for 30 s is cut before any route or query runs).
 */
const DATABASE_FREE = ['server/plates/accuracy.api.test.ts', 'server/lib/auth-revoked.api.test.ts', 'server/lib/request-timeouts.api.test.ts'];

function findPostgresBin() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base).filter((name) => existsSync(path.join(base, name, 'bin/initdb')));
  versions.sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], 'bin') : undefined;
}

/** Runs a PostgreSQL binary as the `postgres` user when we are root (initdb refuses root). */
function pgCommand(bin, args) {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
}

async function startPostgresCluster() {
  await ensureDebianPackages({ postgresql: () => findPostgresBin() !== undefined });
  const bin = findPostgresBin();
  if (!bin) throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql/*/bin');
  const baseDir = await mkdtemp(path.join(tmpdir(), 'pf-pg-'));
  const dataDir = path.join(baseDir, 'data');
  // postgres must own the cluster and reach the socket directory.
  await chmod(baseDir, 0o755);
  if (process.getuid?.() === 0) {
    const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    await chown(baseDir, uid, gid);
  }
  const port = await findFreePort();
  const pg = async (name, args) => {
    const [command, commandArgs] = pgCommand(path.join(bin, name), args);
    const code = await run(command, commandArgs);
    if (code !== 0) throw new Error(`${name} exited with ${code}`);
  };
  const stop = async () => {
    const [command, commandArgs] = pgCommand(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    if (existsSync(path.join(dataDir, 'postmaster.pid'))) spawnSync(command, commandArgs, { stdio: 'ignore' });
    await rm(baseDir, { recursive: true, force: true });
  };
  try {
    await pg('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale', '--no-sync']);
    const serverOptions = `-p ${port} -k ${baseDir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
    await pg('pg_ctl', ['-D', dataDir, '-l', path.join(baseDir, 'server.log'), '-w', '-o', serverOptions, 'start']);
  } catch (error) {
    await stop();
    throw error;
  }
  console.log(`[api] PostgreSQL ${path.basename(path.dirname(bin))} on 127.0.0.1:${port} (${dataDir})`);
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
}

async function runSuite(label, env, reportName, vitestArgs = []) {
  const startedAt = Date.now();
  // Both runs go at once: each one's output is printed whole when it ends, not interleaved.
  const output = [];
  const code = await runNodeBin('vitest/vitest.mjs', ['run', '--project', 'api', ...(await vitestReportArgs(reportName)), ...vitestArgs, ...extraArgs], { env, output });
  console.log(`\n[api] ── ${label} ──`);
  process.stdout.write(Buffer.concat(output));
  console.log(`[api] ${label}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${formatDuration(Date.now() - startedAt)}`);
  return code;
}

async function runOnPostgres(authEnv) {
  const postgres = await startPostgresCluster();
  try {
    // --passWithNoTests: `npm run test:api -- server/plates/accuracy` leaves nothing for this run.
    const skipDatabaseFree = [...DATABASE_FREE.flatMap((file) => ['--exclude', file]), '--passWithNoTests'];
    return await runSuite('PostgreSQL', { ...authEnv, TEST_DATABASE_URL: postgres.url }, 'api-postgres', skipDatabaseFree);
  } finally {
    await postgres.stop();
  }
}

async function main() {
  const { startOwnAuthEmulator } = await tsImport('../../server/cli/auth-emulator.ts', import.meta.url);
  const emulator = await startOwnAuthEmulator({ projectId: FIREBASE_PROJECT_ID });
  const authEnv = { FIREBASE_AUTH_EMULATOR_HOST: emulator.host, FIREBASE_PROJECT_ID };
  const codes = [];
  try {
    codes.push(...(await Promise.all([runSuite('PGlite', { ...authEnv, TEST_DATABASE_URL: '' }, 'api-pglite'), runOnPostgres(authEnv)])));
  } finally {
    await emulator.stop();
  }
  return codes.every((code) => code === 0) && !wasInterrupted() ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error('[api] failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
