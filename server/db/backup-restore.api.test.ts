/**
 * A backup that restores (docs/operations.md "Backups"): a real server process on its own
 * PostgreSQL database takes a parked car, a card payment and a reservation on top of the seed
 * (monthly contracts among it); `npm run backup` dumps it, `npm run restore` loads the dump into
 * a fresh, empty database, and a server started on the restored copy serves the same ticket and
 * reservation. Every table's row count and content checksum must match the original, so a
 * restore that lost any table's rows fails here.
 * The fresh database is a CREATE DATABASE from template0 on the test's cluster, not a second
 * cluster: the dump holds no cluster state, so a new database is as fresh as it gets for it.
 * Only on the PostgreSQL run of `npm run test:api`: PGlite has no pg_dump (its backup is a copy
 * of the stopped server's DATA_DIR).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_STAFF_API_KEY, STAFF_KEY_HEADER } from '../parking-system/staff-key.ts';
import { createEmulatorUser, type EmulatorUser } from '../testing/emulator-users.ts';
import { type ServerProcess, startServerProcess, stopServerProcess } from '../testing/server-process.ts';
import { openPostgres } from './client.ts';

const ADMIN_URL = process.env['TEST_DATABASE_URL'];
const ROOT = path.resolve(import.meta.dirname, '../..');
const KEY_TABLES = ['garage_tickets', 'payments', 'daily_reservations', 'monthly_contracts'];

async function stopServer(server: ServerProcess | undefined): Promise<void> {
  if (server) await stopServerProcess(server, 'SIGTERM');
}

/** `npm run <script> -- <args>` as an operator types it; resolves with the exit code and output. */
function npmRun(script: string, args: string[], databaseUrl: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], { cwd: ROOT, env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** Every public table's row count and an md5 of all its rows (as text, in text order). */
async function fingerprint(databaseUrl: string): Promise<Record<string, { rows: number; md5: string }>> {
  const db = await openPostgres(databaseUrl);
  try {
    const tables = await db.query<{ name: string }>(`select tablename as name from pg_tables where schemaname = 'public' order by tablename`);
    const result: Record<string, { rows: number; md5: string }> = {};
    for (const { name } of tables) {
      const [row] = await db.query<{ rows: number; md5: string | null }>(
        `select count(*)::int as rows, md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as md5 from public."${name}" t`,
      );
      result[name] = { rows: row?.rows ?? 0, md5: row?.md5 ?? '' };
    }
    return result;
  } finally {
    await db.close();
  }
}

const databaseUrlFor = (name: string) => {
  const url = new URL(ADMIN_URL ?? '');
  url.pathname = `/${name}`;
  return url.toString();
};

async function admin(sql: string): Promise<void> {
  const db = await openPostgres(ADMIN_URL ?? '');
  await db.exec(sql);
  await db.close();
}

const json = (method: string, body: unknown, headers: Record<string, string> = {}) => ({
  method, headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body),
});

describe.skipIf(!ADMIN_URL)('backup and restore of PostgreSQL (needs the PostgreSQL run: PGlite has no pg_dump)', () => {
  const suffix = randomBytes(4).toString('hex');
  const sourceName = `parkfair_backup_src_${suffix}`;
  const restoredName = `parkfair_backup_dst_${suffix}`;
  let workDir = '';
  let dumpFile = '';
  let driver: EmulatorUser;
  let ticketNumber = '';
  let reservationId = 0;
  let original: Record<string, { rows: number; md5: string }> = {};
  let restoredServer: ServerProcess | undefined;

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(os.tmpdir(), 'pf-backup-file-'));
    dumpFile = path.join(workDir, 'parkfair.dump');
    await admin(`create database ${sourceName}`);
    const server = await startServerProcess('backup', databaseUrlFor(sourceName));
    try {
      const base = server.base;
      driver = await createEmulatorUser();
      const auth = { Authorization: `Bearer ${driver.idToken}` };
      // A car at the gate an hour ago, paid with a saved card.
      const entry = await fetch(`${base}/parking-system/api/ticket-events/entry`, json('POST', { locationId: 1, licensePlate: 'BKP4RST', entryTimeUtc: new Date(Date.now() - 3600_000).toISOString() }, { [STAFF_KEY_HEADER]: DEV_STAFF_API_KEY }));
      expect(entry.status).toBe(201);
      ticketNumber = ((await entry.json()) as { ticketNumber: string }).ticketNumber;
      const setup = (await (await fetch(`${base}/payments/api/payments/setup/initialize`, json('POST', { systemEntityId: null, paymentId: null }, auth))).json()) as { clientSecret: string; transactionIntentId: string; providerCustomerId: string };
      const card = (await (await fetch(`${base}/payments/api/test-processor/payment-methods`, json('POST', { number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123', name: 'Backup Restore', zip: '10001' }))).json()) as { paymentMethodId: string };
      expect((await fetch(`${base}/payments/api/test-processor/setup-intents/${setup.clientSecret}/confirm`, json('POST', { paymentMethodId: card.paymentMethodId }))).status).toBe(200);
      const complete = await fetch(`${base}/payments/api/payments/setup/complete`, json('POST', { transactionId: setup.transactionIntentId, providerCustomerId: setup.providerCustomerId, paymentMethodId: card.paymentMethodId }, auth));
      expect(complete.status).toBe(200);
      const { customerPaymentMethodId } = (await complete.json()) as { customerPaymentMethodId: number };
      const charge = await fetch(`${base}/payments/api/payments/methods/${customerPaymentMethodId}/charge`, json('POST', { systemEntityId: `ticket:${ticketNumber}` }, auth));
      expect(charge.status).toBe(200);
      // A reservation three days out.
      const start = new Date(Date.now() + 3 * 86_400_000);
      start.setUTCHours(22, 0, 0, 0);
      const quote = await fetch(`${base}/rates/api/rates/calculate`, json('POST', { locationId: 1, entryTimeUtc: start.toISOString(), exitTimeUtc: new Date(start.getTime() + 3 * 3600_000).toISOString() }));
      expect(quote.status).toBe(200);
      const { rateInstanceId } = (await quote.json()) as { rateInstanceId: string };
      const reserved = await fetch(`${base}/reservations/api/reservations`, json('POST', { rateInstanceId, isOversized: false }, auth));
      expect(reserved.status).toBeLessThan(300);
      reservationId = ((await reserved.json()) as { reservation: { reservationId: number } }).reservation.reservationId;
    } finally {
      // Stopped before the dump, so nothing (a background job) writes between dump and fingerprint.
      await stopServer(server);
    }
    original = await fingerprint(databaseUrlFor(sourceName));
  }, 120_000);

  afterAll(async () => {
    await stopServer(restoredServer);
    // One statement a call: DROP DATABASE cannot run in the implicit transaction of a multi-statement query.
    await admin(`drop database if exists ${sourceName} with (force)`);
    await admin(`drop database if exists ${restoredName} with (force)`);
    await rm(workDir, { recursive: true, force: true });
  });

  it('holds tickets, payments, reservations and monthly contracts to back up', () => {
    for (const table of KEY_TABLES) expect(original[table]?.rows, table).toBeGreaterThan(0);
  });

  it('backs up with npm run backup and restores into a fresh database with every row identical', async () => {
    const dumped = await npmRun('backup', ['--out', dumpFile], databaseUrlFor(sourceName));
    expect(dumped.code, dumped.output).toBe(0);
    await admin(`create database ${restoredName} template template0`);
    const restored = await npmRun('restore', [dumpFile], databaseUrlFor(restoredName));
    expect(restored.code, restored.output).toBe(0);
    // The whole map: a table missing, or one row lost or changed in any table, fails.
    expect(await fingerprint(databaseUrlFor(restoredName))).toEqual(original);
  }, 120_000);

  it('refuses to restore into a database that already has data', async () => {
    const again = await npmRun('restore', [dumpFile], databaseUrlFor(restoredName));
    expect(again.code).toBe(2);
    expect(again.output).toContain('restore into a new, empty database');
    expect(await fingerprint(databaseUrlFor(restoredName))).toEqual(original);
  }, 60_000);

  it('serves the ticket and the reservation from the restored database', async () => {
    restoredServer = await startServerProcess('backup', databaseUrlFor(restoredName));
    // Migrated and seeded already: the restored copy is taken as it is, not seeded again.
    expect(restoredServer.log.join('')).not.toContain('seeded now');
    // As the driver: paying claimed the ticket, so it is theirs to read.
    const auth = { headers: { Authorization: `Bearer ${driver.idToken}` } };
    const ticket = await fetch(`${restoredServer.base}/parking-system/api/management/tickets/${ticketNumber}/rate`, auth);
    const ticketBody = JSON.stringify(await ticket.json());
    expect(ticket.status, ticketBody).toBe(200);
    expect(ticketBody).toContain(ticketNumber);
    const reservation = await fetch(`${restoredServer.base}/reservations/api/reservations/${reservationId}`, auth);
    expect(reservation.status).toBe(200);
    expect(((await reservation.json()) as { reservationId: number }).reservationId).toBe(reservationId);
  }, 90_000);
});
