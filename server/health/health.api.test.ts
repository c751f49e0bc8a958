/**
 * Health that tells the truth (issue 37 item 9, decision 0106): readiness is a bounded test write,
 * so every way the database can stop taking writes makes `/healthz` and `/healthz/ready` 503 while
 * `/healthz/live` stays 200. (A full disk, with real PGlite on a small tmpfs, is in
 * server/health/full-disk.api.test.ts; startup failures in server/db/startup-errors.api.test.ts.)
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../db/client.ts';
import { setLogDestination } from '../lib/logger.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { startDraining, stopDrainingForTests } from './draining.ts';
import { checkReadiness, expectedMigrations, READINESS_TIMEOUT_MS } from './readiness.ts';

let t: TestApp;
const warnings: string[] = [];
let restoreLog = () => {};

beforeAll(async () => {
  t = await createTestApp();
  restoreLog = setLogDestination({ write: (line: string) => void warnings.push(line) }, 'warn');
}, 180_000);
afterAll(async () => {
  restoreLog();
  await t?.close();
});
afterEach(() => stopDrainingForTests());

/** Ends every session of the app's PostgreSQL database, from another database: its pool reconnects with the new defaults. */
async function endSessions() {
  const [row] = await t.db.query<{ name: string }>('select current_database() as name');
  const admin = await openPostgres(process.env['TEST_DATABASE_URL'] ?? '');
  try {
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [row?.name]);
  } finally {
    await admin.close();
  }
}

const get = async (path: string) => {
  const response = await t.request(path);
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, cache: response.headers.get('Cache-Control') };
};

describe('a healthy process', () => {
  it('is live, ready, and /healthz keeps its 200 body (status, database kind, locations)', async () => {
    expect(await get('/healthz/live')).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(await get('/healthz/ready')).toMatchObject({ status: 200, body: { status: 'ok', database: t.db.kind }, cache: 'no-store' });
    const plain = await get('/healthz');
    expect(plain.status).toBe(200);
    expect(plain.body).toMatchObject({ status: 'ok', database: t.db.kind });
    expect(plain.body['locations']).toBeGreaterThan(0);
  });
  it('has written its test row (the check is a write, not a read)', async () => {
    const before = new Date(Date.now() - 60_000);
    await get('/healthz/ready');
    const [row] = await t.db.query<{ checked_at: Date }>("select checked_at from health_checks where probe = 'ready'");
    expect(row?.checked_at.getTime()).toBeGreaterThan(before.getTime());
  });
});

describe('not ready', () => {
  it('while draining after SIGTERM: 503 on /healthz and /healthz/ready, /healthz/live still 200', async () => {
    startDraining();
    expect(await get('/healthz/ready')).toMatchObject({ status: 503, body: { status: 'unavailable', reason: 'draining' } });
    expect((await get('/healthz')).status).toBe(503);
    expect((await get('/healthz/live')).status).toBe(200);
  });

  it('when the database lacks a migration this code expects, naming it', async () => {
    const last = expectedMigrations().at(-1) ?? '';
    await t.db.query('delete from schema_migrations where name = $1', [last]);
    try {
      const ready = await get('/healthz/ready');
      expect(ready).toMatchObject({ status: 503, body: { reason: 'migrations' } });
      expect(String(ready.body['message'])).toContain(last);
    } finally {
      await t.db.query('insert into schema_migrations (name) values ($1)', [last]);
    }
    expect((await get('/healthz')).status).toBe(200);
  });

  it('when the database answers reads but refuses writes (default_transaction_read_only)', async () => {
    if (t.db.kind === 'pglite') {
      // PGlite has one session: the setting covers every query the app sends.
      await t.db.exec('set default_transaction_read_only = on');
    } else {
      // New sessions of this database are read-only; the pool's open ones are ended so it reconnects.
      await t.db.exec('do $$ begin execute format(\'alter database %I set default_transaction_read_only = on\', current_database()); end $$');
      await endSessions();
    }
    try {
      // Reads still work (a pooled session the admin ended may fail once before the pool notices).
      await expect.poll(async () => (await t.db.query<{ n: number }>('select 1 as n').catch(() => []))[0]?.n).toBe(1);
      expect(await get('/healthz/ready')).toMatchObject({ status: 503, body: { reason: 'database', message: 'The database cannot be written.' } });
      expect((await get('/healthz')).status).toBe(503);
      expect((await get('/healthz/live')).status).toBe(200);
      expect(warnings.some((line) => line.includes('read-only transaction'))).toBe(true);
    } finally {
      if (t.db.kind === 'pglite') {
        await t.db.exec('set default_transaction_read_only = off');
      } else {
        await t.db.transaction(async (tx) => {
          await tx.exec('set transaction read write');
          await tx.exec('do $$ begin execute format(\'alter database %I reset default_transaction_read_only\', current_database()); end $$');
        });
        await endSessions();
      }
    }
    await expect.poll(async () => (await get('/healthz/ready')).status).toBe(200);
  });

  it('when the test write does not finish in time (a lock held by another transaction): 503 after the bound, not a hang', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = t.db.transaction(async (tx) => {
      await tx.exec('lock table health_checks in access exclusive mode');
      locked();
      await held;
    });
    await isLocked;
    try {
      const startedAt = Date.now();
      const result = await checkReadiness(t.db, expectedMigrations(), 500);
      expect(result).toMatchObject({ ready: false, reason: 'timeout' });
      expect(Date.now() - startedAt).toBeLessThan(500 + 1_000);
    } finally {
      release();
      await holder;
    }
    expect(READINESS_TIMEOUT_MS).toBeLessThanOrEqual(2_000);
    await expect.poll(async () => (await get('/healthz/ready')).status).toBe(200);
  });

  it('when the database is gone (PostgreSQL refusing connections, as stopped; PGlite closed)', async () => {
    const other = await createTestApp();
    const name = other.db.kind === 'postgres' ? (await other.db.query<{ name: string }>('select current_database() as name'))[0]?.name ?? '' : '';
    expect((await other.request('/healthz/ready')).status).toBe(200);
    if (other.db.kind === 'postgres') {
      await t.db.exec(`alter database ${name} allow_connections false`);
      await t.db.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
    } else {
      await other.db.close();
    }
    try {
      const response = await other.request('/healthz/ready');
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ status: 'unavailable', reason: 'database' });
      expect((await other.request('/healthz')).status).toBe(503);
      expect((await other.request('/healthz/live')).status).toBe(200);
    } finally {
      if (other.db.kind === 'postgres') {
        await t.db.exec(`alter database ${name} allow_connections true`);
        await other.close();
      }
    }
  });
});
