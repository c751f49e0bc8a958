/**
 * Startup that says what to do (issue 37 item 9): the real server process (`node server/main.ts`)
 * started on a broken data directory or a wrong DATABASE_URL exits 1 with one line naming the
 * cause and the fix, not "ErrnoError errno 51" or "PGlite failed to initialize properly".
 * Full and read-only disks need tmpfs mounts (root); they are skipped, saying so, without it.
 * Each case starts a server process (~2.7 CPU-s), so each runs in one of the suite's two runs:
 * the embedded database's in the PGlite run, PostgreSQL's in the PostgreSQL run (TEST_DATABASE_URL).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../testing/free-port.ts';
import { canMountTmpfs, mountTmpfs, remountReadOnly } from '../testing/tmpfs.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ADMIN_URL = process.env['TEST_DATABASE_URL'];

type Exit = { code: number | null; stderr: string; stdout: string; ms: number };

/** Starts the server with `env` and waits for it to exit (a start that succeeds is killed after 90 s and fails the test). */
async function startServer(env: Record<string, string>): Promise<Exit> {
  const base: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', PORT: String(await freePort()), HOST: '127.0.0.1', PLATE_WARMUP: 'off' };
  delete base['DATABASE_URL'];
  return new Promise((resolve) => {
    const startedAt = Date.now();
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/main.ts')], {
      cwd: ROOT,
      env: { ...base, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const killer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.once('exit', (code) => {
      clearTimeout(killer);
      resolve({ code, stderr, stdout, ms: Date.now() - startedAt });
    });
  });
}

/** Exit 1 and exactly one line on stderr, with no stack trace. */
function expectOneLine(exit: Exit, pattern: RegExp) {
  expect(exit.code, `${exit.stdout}\n${exit.stderr}`).toBe(1);
  const lines = exit.stderr.trim().split('\n').filter((line) => line.trim() !== '');
  expect(lines, exit.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^\[server\] /);
  expect(lines[0]).toMatch(pattern);
  expect(exit.stderr).not.toMatch(/\n\s+at /);
}

const canMount = canMountTmpfs;

let scratch = '';
const unmounts: (() => void)[] = [];
async function tmpfs(name: string, options: string): Promise<string> {
  const dir = path.join(scratch, name);
  unmounts.push(await mountTmpfs(dir, options));
  return dir;
}

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'pf-startup-'));
});
afterAll(async () => {
  for (const unmount of unmounts) unmount();
  await rm(scratch, { recursive: true, force: true });
});

describe.skipIf(ADMIN_URL)('embedded database (DATA_DIR), PGlite run', () => {
  it.skipIf(!canMount)('on a full disk: says the disk is full and to free space (needs root for a 1 MB tmpfs)', { timeout: 120_000 }, async () => {
    const full = await tmpfs('full', 'size=1m');
    const exit = await startServer({ DATA_DIR: full });
    expectOneLine(exit, /The disk holding DATA_DIR \(.*\/full\) is full: free some space/);
  });

  it.skipIf(!canMount)('on a read-only disk holding a database: says read-only and to remount or move (needs root)', { timeout: 120_000 }, async () => {
    const dir = await tmpfs('readonly', 'size=64m');
    // A real PGlite database there first, then the mount made read-only, as a disk remounted ro after an error.
    const seedScript = `import { PGlite } from '@electric-sql/pglite'; const db = await PGlite.create(${JSON.stringify(`${dir}/pgdata`)}); await db.close();`;
    expect(spawnSync(process.execPath, ['--input-type=module', '-e', seedScript], { cwd: ROOT }).status).toBe(0);
    remountReadOnly(dir);
    const exit = await startServer({ DATA_DIR: dir });
    expectOneLine(exit, /DATA_DIR \(.*\/readonly\) is on a read-only file system: remount it read-write or point DATA_DIR/);
  });

  it('locked by another process: names its pid and says to stop it or use another DATA_DIR', { timeout: 120_000 }, async () => {
    const dir = path.join(scratch, 'locked');
    await mkdir(dir, { recursive: true });
    // This test process plays the running server: it is alive, and it holds the lock file.
    await writeFile(path.join(dir, 'pgdata.lock'), `${process.pid}\n`);
    const exit = await startServer({ DATA_DIR: dir });
    expectOneLine(exit, new RegExp(`in use by another process \\(pid ${process.pid}\\): stop that process, or give this one its own DATA_DIR`));
  });
});

describe.skipIf(!ADMIN_URL)('PostgreSQL (DATABASE_URL), PostgreSQL run', () => {
  it('nothing listening at the host and port: says connection refused, start the server or fix the URL', { timeout: 120_000 }, async () => {
    const port = await freePort();
    const exit = await startServer({ DATABASE_URL: `postgres://parkfair:secret-pw@127.0.0.1:${port}/parkfair` });
    expectOneLine(exit, new RegExp(`Cannot connect to PostgreSQL at 127\\.0\\.0\\.1:${port} \\(connection refused\\): start the server, or fix the host and port`));
    expect(exit.stderr).not.toContain('secret-pw');
  });

  it('a host name that does not exist: says so', { timeout: 120_000 }, async () => {
    const exit = await startServer({ DATABASE_URL: 'postgres://parkfair:secret-pw@no-such-host.invalid:5432/parkfair' });
    expectOneLine(exit, /(no such host name|did not answer within).*DATABASE_URL/);
    expect(exit.stderr).not.toContain('secret-pw');
  });

  it('a database that does not exist: says to create it', { timeout: 120_000 }, async () => {
    const url = new URL(ADMIN_URL ?? '');
    url.pathname = '/no_such_parkfair_db';
    const exit = await startServer({ DATABASE_URL: url.toString() });
    expectOneLine(exit, /The database "no_such_parkfair_db" does not exist on PostgreSQL at .*: create it \(createdb no_such_parkfair_db\)/);
  });

  it('a user the server does not know: says to fix the user (the test cluster trusts every password, so a wrong password alone cannot be shown)', { timeout: 120_000 }, async () => {
    const url = new URL(ADMIN_URL ?? '');
    url.username = 'no_such_parkfair_user';
    const exit = await startServer({ DATABASE_URL: url.toString() });
    expectOneLine(exit, /refused user "no_such_parkfair_user" .*: fix the user in DATABASE_URL/);
  });
});
