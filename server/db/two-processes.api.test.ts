/**
 * Two real server processes on one PostgreSQL database, as README "Running more than one process"
 * runs them: `server/cli/start.ts --no-build`, started at the same moment on a fresh, empty
 * database. Checks what the README promises of them: both come up (the first-start lock:
 * migrated and seeded once), one charge sent through both at once is taken once, a rate limit
 * is one counter across them, a write on one is read at once on the other, and SIGTERM answers
 * every request already in flight before the process exits.
 * Only on the PostgreSQL run of `npm run test:api`: an embedded PGlite lives inside one process.
 */
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_STAFF_API_KEY, STAFF_KEY_HEADER } from '../parking-system/staff-key.ts';
import { createEmulatorUser } from '../testing/emulator-users.ts';
import { type ServerProcess, startServerProcess, stopServerProcess } from '../testing/server-process.ts';
import { openPostgres } from './client.ts';

const ADMIN_URL = process.env['TEST_DATABASE_URL'];

const json = (method: string, body: unknown, headers: Record<string, string> = {}) => ({
  method, headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body),
});

describe.skipIf(!ADMIN_URL)('two server processes on one PostgreSQL (needs the PostgreSQL run: PGlite cannot be shared between processes)', () => {
  const databaseName = `parkfair_two_${randomBytes(4).toString('hex')}`;
  let databaseUrl = '';
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    const admin = await openPostgres(ADMIN_URL ?? '');
    await admin.exec(`create database ${databaseName}`);
    await admin.close();
    const url = new URL(ADMIN_URL ?? '');
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
    // At the same moment, on an empty database: both race for the first-start lock.
    [a, b] = await Promise.all([startServerProcess('a', databaseUrl), startServerProcess('b', databaseUrl)]);
  }, 90_000);

  afterAll(async () => {
    await Promise.all([a, b].filter(Boolean).map((server) => stopServerProcess(server)));
    const admin = await openPostgres(ADMIN_URL ?? '');
    await admin.exec(`drop database if exists ${databaseName} with (force)`);
    await admin.close();
  });

  it('both come up and serve, the database seeded once', async () => {
    const seededNow = [a, b].filter((server) => server.log.join('').includes('seeded now'));
    expect(seededNow).toHaveLength(1);
    for (const server of [a, b]) {
      expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
      const list = (await (await fetch(`${server.base}/locations/api/locations`)).json()) as unknown[];
      expect(list.length).toBe(41);
    }
    const db = await openPostgres(databaseUrl);
    const [row] = await db.query<{ n: number }>('select count(*)::int as n from locations');
    await db.close();
    expect(row?.n).toBe(41);
  });

  it('takes one charge sent through both at once once', async () => {
    const driver = await createEmulatorUser();
    const auth = { Authorization: `Bearer ${driver.idToken}` };
    // A saved card, enrolled through a.
    const setup = (await (await fetch(`${a.base}/payments/api/payments/setup/initialize`, json('POST', { systemEntityId: null, paymentId: null }, auth))).json()) as { clientSecret: string; transactionIntentId: string; providerCustomerId: string };
    const card = (await (await fetch(`${a.base}/payments/api/test-processor/payment-methods`, json('POST', { number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123', name: 'Two Processes', zip: '10001' }))).json()) as { paymentMethodId: string };
    expect((await fetch(`${a.base}/payments/api/test-processor/setup-intents/${setup.clientSecret}/confirm`, json('POST', { paymentMethodId: card.paymentMethodId }))).status).toBe(200);
    const complete = await fetch(`${a.base}/payments/api/payments/setup/complete`, json('POST', { transactionId: setup.transactionIntentId, providerCustomerId: setup.providerCustomerId, paymentMethodId: card.paymentMethodId }, auth));
    expect(complete.status).toBe(200);
    const { customerPaymentMethodId } = (await complete.json()) as { customerPaymentMethodId: number };
    // A car that entered an hour ago, then the same charge from both processes, three times each.
    const entry = await fetch(`${b.base}/parking-system/api/ticket-events/entry`, json('POST', { locationId: 1, licensePlate: 'TWO2PRC', entryTimeUtc: new Date(Date.now() - 3600_000).toISOString() }, { [STAFF_KEY_HEADER]: DEV_STAFF_API_KEY }));
    expect(entry.status).toBe(201);
    const { ticketNumber } = (await entry.json()) as { ticketNumber: string };
    const charge = (server: ServerProcess) => fetch(`${server.base}/payments/api/payments/methods/${customerPaymentMethodId}/charge`, json('POST', { systemEntityId: `ticket:${ticketNumber}` }, auth));
    const answers = await Promise.all([a, b, a, b, a, b].map(charge));
    // The payer's repeats are answered with the one payment made (payment-service.ts), or 409
    // "in progress" when one waited too long for it on a busy machine; never a second payment.
    const statuses = answers.map((response) => response.status);
    expect(statuses.filter((status) => status !== 200 && status !== 409)).toEqual([]);
    const paid = answers.filter((response) => response.status === 200);
    expect(paid.length).toBeGreaterThanOrEqual(1);
    const paymentIds = new Set(await Promise.all(paid.map(async (response) => ((await response.json()) as { paymentId: number }).paymentId)));
    expect(paymentIds.size).toBe(1);
    const db = await openPostgres(databaseUrl);
    const payments = await db.query<{ status: string }>('select status from payments where system_entity_id = $1', [`ticket:${ticketNumber}`]);
    // This database is the test's own: the only card payment ever made on it is this one.
    const intents = await db.query<{ status: string }>(`select status from test_processor_intents where kind = 'payment'`);
    await db.close();
    expect(payments).toEqual([{ status: 'succeeded' }]);
    expect(intents).toEqual([{ status: 'succeeded' }]);
  });

  it('counts a rate-limited call once across both', async () => {
    // The limit counts per minute window: start well inside one.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 50_000) await sleep(60_000 - intoMinute + 100);
    const lookup = (server: ServerProcess) => fetch(`${server.base}/tickets/api/aggregator-reservations/SpotHero/48213977`);
    const statuses: number[] = [];
    for (let i = 0; i < 40; i += 1) statuses.push((await lookup(i % 2 === 0 ? a : b)).status);
    expect(statuses.slice(0, 30).every((status) => status !== 429)).toBe(true);
    expect(statuses.slice(30)).toEqual(Array(10).fill(429));
  });

  it('reads a write made on one from the other at once', async () => {
    const plate = `RW${randomBytes(2).toString('hex').toUpperCase()}`;
    const entry = await fetch(`${a.base}/parking-system/api/ticket-events/entry`, json('POST', { locationId: 2, licensePlate: plate, entryTimeUtc: new Date(Date.now() - 600_000).toISOString() }, { [STAFF_KEY_HEADER]: DEV_STAFF_API_KEY }));
    expect(entry.status).toBe(201);
    const { ticketNumber } = (await entry.json()) as { ticketNumber: string };
    const read = await fetch(`${b.base}/parking-system/api/management/tickets/${ticketNumber}/rate`);
    expect(read.status).toBe(200);
    expect(JSON.stringify(await read.json())).toContain(ticketNumber);
  });

  it('gives the last reservable space of a garage to exactly one of two customers booking, or paying, through both at once (decision 0102)', async () => {
    const db = await openPostgres(databaseUrl);
    try {
      // Capacity 4: one reservable space. Three garages, a pair of customers racing at each, all at once.
      const garages = [2, 3, 4];
      await db.query('update locations set capacity = 4 where location_id = any($1)', [garages]);
      // 6 PM in New York (23:00Z) two days ahead: evening hours every one of these garages prices.
      const start = Math.floor(Date.now() / 86_400_000) * 86_400_000 + 2 * 86_400_000 + 23 * 3_600_000;
      const quote = async (server: ServerProcess, locationId: number, exitHours: number) => {
        const response = await fetch(`${server.base}/rates/api/rates/calculate`, json('POST', { locationId, entryTimeUtc: new Date(start).toISOString(), exitTimeUtc: new Date(start + exitHours * 3_600_000).toISOString() }));
        expect(response.status).toBe(200);
        return ((await response.json()) as { rateInstanceId: string }).rateInstanceId;
      };
      const reserve = (server: ServerProcess, token: string, rateInstanceId: string) =>
        fetch(`${server.base}/reservations/api/reservations`, json('POST', { rateInstanceId, isOversized: false }, { Authorization: `Bearer ${token}` }));
      const drivers = await Promise.all(garages.flatMap(() => [createEmulatorUser(), createEmulatorUser()]));
      const attempts = await Promise.all(garages.flatMap((garage, g) => [
        quote(a, garage, 3).then((id) => ({ server: a, driver: drivers[2 * g], id })),
        quote(b, garage, 4).then((id) => ({ server: b, driver: drivers[2 * g + 1], id })),
      ]));
      const created = await Promise.all(attempts.map(({ server, driver, id }) => reserve(server, driver?.idToken ?? '', id)));
      const answers = await Promise.all(created.map(async (response) => `${response.status} ${await response.text()}`.slice(0, 160)));
      for (let g = 0; g < garages.length; g += 1) expect(answers.slice(2 * g, 2 * g + 2).map((answer) => answer.slice(0, 3)).sort(), answers.join('\n')).toEqual(['201', '409']);
      const [held] = await db.query<{ n: number }>(`select count(*)::int as n from daily_reservations where location_id = any($1) and status = 'pending'`, [garages]);
      expect(held?.n).toBe(3);

      // Paying: two customers each hold a space (capacity 8 at another garage), start browser
      // payments, and both holds run out; then the garage is cut to one reservable space and both
      // cards are confirmed at once, one through each process. The confirm re-checks under the
      // garage's lock: exactly one is confirmed, the other cancelled and refunded.
      const garage = 5;
      await db.query('update locations set capacity = 8 where location_id = $1', [garage]);
      const payers = await Promise.all([createEmulatorUser(), createEmulatorUser()]);
      const pending = await Promise.all(payers.map(async (payer, i) => {
        const server = i === 0 ? a : b;
        const response = await reserve(server, payer.idToken, await quote(server, garage, 3 + i));
        expect(response.status, await response.clone().text()).toBe(201);
        const { reservation } = (await response.json()) as { reservation: { reservationId: number; systemEntityId: string } };
        const started = await fetch(`${server.base}/payments/api/payments/initialize`, json('POST', { systemEntityId: reservation.systemEntityId, savePaymentMethod: false }, { Authorization: `Bearer ${payer.idToken}` }));
        expect(started.status).toBe(200);
        const { paymentId, clientSecret } = (await started.json()) as { paymentId: number; clientSecret: string };
        const card = (await (await fetch(`${server.base}/payments/api/test-processor/payment-methods`, json('POST', { number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123', name: 'Race', zip: '10001' }))).json()) as { paymentMethodId: string };
        return { server, reservationId: reservation.reservationId, paymentId, clientSecret, paymentMethodId: card.paymentMethodId };
      }));
      await db.query(`update daily_reservations set hold_expires_at = now() - interval '1 second' where reservation_id = any($1)`, [pending.map((p) => p.reservationId)]);
      await db.query('update locations set capacity = 4 where location_id = $1', [garage]);
      const confirms = await Promise.all(pending.map((p) => fetch(`${p.server.base}/payments/api/test-processor/payment-intents/${p.clientSecret}/confirm`, json('POST', { paymentMethodId: p.paymentMethodId }))));
      expect(confirms.map((response) => response.status)).toEqual([200, 200]);
      const statuses = await db.query<{ status: string }>('select status from daily_reservations where reservation_id = any($1) order by status', [pending.map((p) => p.reservationId)]);
      expect(statuses.map((row) => row.status)).toEqual(['cancelled', 'confirmed']);
      // The one not confirmed is refunded in full, once (after the payment's transaction commits).
      const refunds = async () => (await db.query<{ n: number }>(
        `select count(*)::int as n from test_processor_refunds r join payments p on p.provider_intent_id = r.intent_id where p.payment_id = any($1)`,
        [pending.map((p) => p.paymentId)],
      ))[0]?.n;
      await expect.poll(refunds, { timeout: 10_000 }).toBe(1);
    } finally {
      await db.close();
    }
  });

  it('answers every request in flight when stopped with SIGTERM', async () => {
    // 20 requests whose headers and first half of body have arrived: in flight when the signal lands.
    const body = JSON.stringify({ locationIds: [1, 2, 3], entryTimeUtc: new Date(Date.now() + 86_400_000).toISOString(), exitTimeUtc: new Date(Date.now() + 90_000_000).toISOString() });
    const half = Math.floor(body.length / 2);
    const inFlight = Array.from({ length: 20 }, () => {
      const outgoing = request(`${b.base}/rates/api/rates/calculate-multiple`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } });
      const answered = new Promise<number>((resolve) => {
        outgoing.on('response', (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        });
        outgoing.on('error', () => resolve(0));
      });
      outgoing.write(body.slice(0, half));
      return { outgoing, answered };
    });
    await sleep(500);
    const exited = new Promise<number | null>((resolve) => b.child.once('exit', (code) => resolve(code)));
    b.child.kill('SIGTERM');
    await sleep(300);
    for (const { outgoing } of inFlight) outgoing.end(body.slice(half));
    const statuses = await Promise.all(inFlight.map(({ answered }) => answered));
    expect(statuses).toEqual(Array(20).fill(200));
    expect(await exited).toBe(0);
    // New connections are refused once it has stopped; the other process serves on.
    expect((await fetch(`${a.base}/healthz`)).status).toBe(200);
  });
});
