/**
 * Issue 37 item 8 with real processes: two servers on one PostgreSQL, a saved-card charge killed
 * with SIGKILL on the first after the processor took the money and before the payment was
 * recorded, and the driver's retry, with the same Idempotency-Key, sent to the second. The dead
 * request's key lease runs out (LEASE_MS after its last renewal), the second process takes the key
 * over, asks the processor about the payment the dead one started, and records it: one charge,
 * completed, the ticket paid. Before leases the retry answered 409 "still running" until a restart.
 *
 * The moment of the kill is made exact with a trigger on this test's own database: the update that
 * records the success waits on an advisory lock the test holds, so the first process is killed
 * while it is stuck there, with the processor's intent already succeeded.
 * PostgreSQL run only: an embedded PGlite lives inside one process.
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../db/client.ts';
import { DEV_STAFF_API_KEY, STAFF_KEY_HEADER } from '../parking-system/staff-key.ts';
import { createEmulatorUser } from '../testing/emulator-users.ts';
import { type ServerProcess, startServerProcess, stopServerProcess } from '../testing/server-process.ts';
import { LEASE_MS } from './idempotency.ts';

const ADMIN_URL = process.env['TEST_DATABASE_URL'];
const HOLD_LOCK = 370_008;

const json = (method: string, body: unknown, headers: Record<string, string> = {}) => ({
  method, headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body),
});

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await sleep(20);
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe.skipIf(!ADMIN_URL)('a charge killed mid-way on one process, retried with its Idempotency-Key on another (PostgreSQL run)', () => {
  const databaseName = `parkfair_takeover_${randomBytes(4).toString('hex')}`;
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
    a = await startServerProcess('a', databaseUrl);
    b = await startServerProcess('b', databaseUrl);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a, b].filter(Boolean).map((server) => stopServerProcess(server)));
    const admin = await openPostgres(ADMIN_URL ?? '');
    await admin.exec(`drop database if exists ${databaseName} with (force)`);
    await admin.close();
  });

  it('takes the dead request\'s key over after its lease and completes the one payment it started', { timeout: 150_000 }, async () => {
    const driver = await createEmulatorUser();
    const auth = { Authorization: `Bearer ${driver.idToken}` };
    const setup = (await (await fetch(`${a.base}/payments/api/payments/setup/initialize`, json('POST', {}, auth))).json()) as { clientSecret: string; transactionIntentId: string; providerCustomerId: string };
    const card = (await (await fetch(`${a.base}/payments/api/test-processor/payment-methods`, json('POST', { number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123', name: 'Lease Takeover', zip: '10001' }))).json()) as { paymentMethodId: string };
    expect((await fetch(`${a.base}/payments/api/test-processor/setup-intents/${setup.clientSecret}/confirm`, json('POST', { paymentMethodId: card.paymentMethodId }))).status).toBe(200);
    const complete = await fetch(`${a.base}/payments/api/payments/setup/complete`, json('POST', { transactionId: setup.transactionIntentId, providerCustomerId: setup.providerCustomerId, paymentMethodId: card.paymentMethodId }, auth));
    expect(complete.status).toBe(200);
    const { customerPaymentMethodId } = (await complete.json()) as { customerPaymentMethodId: number };
    const entry = await fetch(`${b.base}/parking-system/api/ticket-events/entry`, json('POST', { locationId: 1, licensePlate: 'LEASE37', entryTimeUtc: new Date(Date.now() - 3600_000).toISOString() }, { [STAFF_KEY_HEADER]: DEV_STAFF_API_KEY }));
    expect(entry.status).toBe(201);
    const { ticketNumber } = (await entry.json()) as { ticketNumber: string };
    const systemEntityId = `ticket:${ticketNumber}`;

    // The test's own connection (one session: the advisory lock is held and released on it).
    const holder = new pg.Client({ connectionString: databaseUrl });
    await holder.connect();
    const db = await openPostgres(databaseUrl);
    try {
      await holder.query(`
        create function pf_test_hold_success() returns trigger language plpgsql as $$
        begin
          if new.status = 'succeeded' and old.status <> 'succeeded' then perform pg_advisory_xact_lock(${HOLD_LOCK}); end if;
          return new;
        end $$;
        create trigger pf_test_hold_success before update on payments for each row execute function pf_test_hold_success();`);
      await holder.query('select pg_advisory_lock($1)', [HOLD_LOCK]);

      const key = `lease-takeover-${randomBytes(4).toString('hex')}`;
      const charge = (server: ServerProcess) => fetch(`${server.base}/payments/api/payments/methods/${customerPaymentMethodId}/charge`, json('POST', { systemEntityId }, { ...auth, 'Idempotency-Key': key }));
      const cutOff = charge(a).then((response) => response.status, () => 'cut off' as const);

      // The processor has taken the money and a is stuck recording it: kill it there.
      await until('the processor to charge the card', async () => {
        const rows = await db.query(`select 1 from test_processor_intents where kind = 'payment' and status = 'succeeded'`);
        return rows.length > 0 ? true : undefined;
      });
      await until('a to wait on the success update', async () => {
        const rows = await db.query(`select 1 from pg_locks where locktype = 'advisory' and objid = $1 and not granted`, [HOLD_LOCK]);
        return rows.length > 0 ? true : undefined;
      });
      const exited = new Promise((resolve) => a.child.once('exit', resolve));
      a.child.kill('SIGKILL');
      await exited;
      const killedAt = Date.now();
      await holder.query('select pg_advisory_unlock($1)', [HOLD_LOCK]);
      expect(await cutOff).toBe('cut off');

      // What the crash left: charged at the processor, "processing" here, the key "running".
      const [payment] = await until('a\'s session to end', async () => {
        const sessions = await db.query(`select 1 from pg_stat_activity where datname = $1 and state = 'idle in transaction'`, [databaseName]);
        return sessions.length === 0 ? db.query<{ payment_id: number; status: string }>('select payment_id, status from payments where system_entity_id = $1', [systemEntityId]) : undefined;
      });
      expect(payment?.status).toBe('processing');
      const [lease] = await db.query<{ state: string }>('select state from idempotency_keys where idempotency_key = $1', [key]);
      expect(lease?.state).toBe('running');

      // The driver's app retries, the same key, now reaching b, until it is answered.
      const answers: number[] = [];
      let last: Response | undefined;
      while (Date.now() - killedAt < LEASE_MS + 60_000) {
        last = await charge(b);
        answers.push(last.status);
        if (last.status !== 409) break;
        await sleep(1_000);
      }
      const doneAfterMs = Date.now() - killedAt;
      expect(last?.status).toBe(200);
      const paid = (await last?.json()) as { paymentId: number; status: string };
      expect(paid).toMatchObject({ paymentId: payment?.payment_id, status: 'succeeded' });
      // Only "still running" while the dead holder's lease lasted: taken over within the lease
      // plus the payment's own abandoned-charge wait (payment-service.ts), not after a restart.
      expect(answers.slice(0, -1).every((status) => status === 409)).toBe(true);
      expect(doneAfterMs).toBeLessThan(LEASE_MS + 20_000);

      // Exactly one charge, completed, recorded once, the ticket paid by it.
      expect(await db.query('select status from payments where system_entity_id = $1', [systemEntityId])).toEqual([{ status: 'succeeded' }]);
      expect(await db.query(`select status from test_processor_intents where kind = 'payment'`)).toEqual([{ status: 'succeeded' }]);
      const events = await db.query<{ payment_id: number }>(
        `select e.payment_id from ticket_events e join garage_tickets t using (ticket_id) where t.ticket_number = $1 and e.kind = 'payment'`,
        [ticketNumber],
      );
      expect(events).toEqual([{ payment_id: payment?.payment_id }]);
      // A later retry is the stored answer.
      const replay = await charge(b);
      expect(replay.status).toBe(200);
      expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
      console.log(`[takeover] retried ${answers.length} times, paid ${Math.round(doneAfterMs / 100) / 10} s after the kill (lease ${LEASE_MS / 1000} s)`);
    } finally {
      await holder.end();
      await db.close();
    }
  });
});
