/**
 * The outside attacker's full disk, for real: the app on an embedded database in a small tmpfs,
 * the disk then filled. Readiness must turn 503 (it had said 200 while every write was a 500), and
 * 200 again once space is freed. Needs root to mount tmpfs; skipped, saying so, without it, and on
 * the PostgreSQL run (its disk is the database server's; health.api.test.ts covers a database that
 * cannot write there).
 */
import { spawnSync } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { parseConfig } from '../config.ts';
import { type Db, PGLITE_EXTENSIONS, PGLITE_PARSERS, wrapPgliteInstance } from '../db/client.ts';
import { canMountTmpfs, mountTmpfs } from '../testing/tmpfs.ts';
import { TEST_NOW } from '../testing/test-clock.ts';
import { PGLITE_TEMPLATE_FILE } from '../testing/test-db.ts';

const dir = path.join(os.tmpdir(), `pf-full-disk-${process.pid}`);
let unmount = () => {};
let db: Db | undefined;
let app: ReturnType<typeof createApp>;

describe.skipIf(!canMountTmpfs || Boolean(process.env['TEST_DATABASE_URL']))('readiness on a full disk (PGlite in a 160 MB tmpfs; needs root)', () => {
  beforeAll(async () => {
    unmount = await mountTmpfs(dir, 'size=160m');
    const dump = await readFile(PGLITE_TEMPLATE_FILE);
    const pglite = await PGlite.create(path.join(dir, 'pgdata'), { loadDataDir: new Blob([dump]), parsers: PGLITE_PARSERS, extensions: PGLITE_EXTENSIONS });
    db = wrapPgliteInstance(pglite);
    const config = parseConfig({ NODE_ENV: 'test', DATA_DIR: dir, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' });
    app = createApp({ db, config, verifyToken: () => Promise.reject(new Error('no tokens here')), now: () => new Date(TEST_NOW) });
  }, 120_000);
  afterAll(async () => {
    await db?.close().catch(() => {});
    unmount();
    await rm(dir, { recursive: true, force: true });
  });

  it('is ready with room, 503 once the disk is full (live stays 200), and ready again when space is freed', { timeout: 120_000 }, async () => {
    expect((await app.request('/healthz/ready')).status).toBe(200);
    const filler = path.join(dir, 'filler');
    spawnSync('sh', ['-c', `dd if=/dev/zero of=${filler} bs=1M 2>/dev/null; true`]);
    const full = await app.request('/healthz/ready');
    expect(full.status).toBe(503);
    expect(await full.json()).toMatchObject({ status: 'unavailable', reason: 'disk' });
    expect((await app.request('/healthz')).status).toBe(503);
    expect((await app.request('/healthz/live')).status).toBe(200);
    await rm(filler);
    expect((await app.request('/healthz/ready')).status).toBe(200);
  });
});
