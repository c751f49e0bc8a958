/**
 * `npm run billing` started twice at the same moment on one PostgreSQL database (two OS
 * processes, two connection pools, as two servers' hourly runs would meet on the 1st): every
 * contract's December is charged once, the two runs split the work between them, and a third run
 * finds nothing to do. Beside the six with a card, 250 without one fill several claim batches
 * (CLAIM_BATCH_SIZE), so the runs meet on locked batches (`for update skip locked`) and on each
 * other's claims: each of those months gets one period and one claim with one outcome. Only on the
 * PostgreSQL run of `npm run test:api` (PGlite lives inside one process).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { parseConfig } from '../config.ts';
import { type Db, openPostgres } from '../db/client.ts';
import { insertMonthlyContract } from '../monthly-contracts/queries.ts';
import { createEmulatorUser, emulatorTokenVerifier } from '../testing/emulator-users.ts';
import { POSTGRES_TEMPLATE_DB } from '../testing/test-db.ts';
import { type BillingReport, CLAIM_BATCH_SIZE } from './billing-cycle.ts';

const ADMIN_URL = process.env['TEST_DATABASE_URL'];
const ROOT = path.resolve(import.meta.dirname, '../..');
const NOVEMBER = new Date('2026-11-01T04:00:00Z');
const DECEMBER = new Date('2026-12-01T05:00:00Z');
const CONTRACTS = 6;
/** More than two claim batches of billing-cycle.ts (CLAIM_BATCH_SIZE = 100). */
const CARDLESS = 250;

function runBillingCli(databaseUrl: string, dataDir: string): Promise<BillingReport> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/billing/cli.ts'), '--date', '2026-12-01'], {
      cwd: ROOT, env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, NODE_ENV: 'test' }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      const json = output.split('\n').find((line) => line.startsWith('{"month"'));
      if (code !== 0 || !json) reject(new Error(`npm run billing exited ${code}:\n${output}`));
      else resolve(JSON.parse(json) as BillingReport);
    });
  });
}

describe.skipIf(!ADMIN_URL)('two billing processes on one PostgreSQL (needs the PostgreSQL run)', () => {
  const databaseName = `parkfair_billing_${randomBytes(4).toString('hex')}`;
  let databaseUrl = '';
  let dataDir = '';
  let db: Db;
  const contractIds: number[] = [];
  const cardlessIds: number[] = [];

  beforeAll(async () => {
    const admin = await openPostgres(ADMIN_URL ?? '');
    await admin.exec(`create database ${databaseName} template ${POSTGRES_TEMPLATE_DB}`);
    await admin.close();
    const url = new URL(ADMIN_URL ?? '');
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'pf-billing-'));
    db = await openPostgres(databaseUrl);
    const config = parseConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, FIREBASE_AUTH_EMULATOR_HOST: process.env['FIREBASE_AUTH_EMULATOR_HOST'] ?? '127.0.0.1:9099' });
    const app = createApp({ db, config, verifyToken: emulatorTokenVerifier(), now: () => new Date() });
    const call = (pathname: string, json?: unknown, token?: string) => Promise.resolve(app.request(pathname, {
      method: json === undefined ? 'GET' : 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      ...(json === undefined ? {} : { body: JSON.stringify(json) }),
    }));
    // Customers with a good saved card attached to a contract running since November (paid).
    for (let i = 0; i < CONTRACTS; i += 1) {
      const user = await createEmulatorUser();
      const { customerId } = (await (await call('/accounts/api/customers/get-customer-details', undefined, user.idToken)).json()) as { customerId: number };
      const setup = (await (await call('/payments/api/payments/setup/initialize', { systemEntityId: null, paymentId: null }, user.idToken)).json()) as { clientSecret: string; transactionIntentId: string; providerCustomerId: string };
      const card = (await (await call('/payments/api/test-processor/payment-methods', { number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123', name: 'Monthly', zip: '10001' })).json()) as { paymentMethodId: string };
      await call(`/payments/api/test-processor/setup-intents/${setup.clientSecret}/confirm`, { paymentMethodId: card.paymentMethodId });
      const complete = await call('/payments/api/payments/setup/complete', { transactionId: setup.transactionIntentId, providerCustomerId: setup.providerCustomerId, paymentMethodId: card.paymentMethodId }, user.idToken);
      const { customerPaymentMethodId } = (await complete.json()) as { customerPaymentMethodId: number };
      const contractId = await insertMonthlyContract(db, {
        customerId, locationId: 3, monthlyRateId: null, fullName: `Monthly ${i}`, email: user.email, phoneNumber: null, form: null,
        amountCents: 40_000 + i, startUtc: NOVEMBER, createdAt: NOVEMBER, periods: [{ startUtc: NOVEMBER, endUtc: DECEMBER, paidAt: NOVEMBER }],
      });
      expect((await call(`/payments/api/monthly-contracts/${contractId}/payment-methods/${customerPaymentMethodId}/attach`, {}, user.idToken)).status).toBe(200);
      contractIds.push(contractId);
    }
    // Contracts without a card, in one statement: billed as "no card", once each.
    const [owner] = await db.query<{ customer_id: number }>('select min(customer_id) as customer_id from customers');
    const cardless = await db.query<{ monthly_contract_id: number }>(
      `with r as (
         insert into monthly_reservations (customer_id, location_id, full_name, created_at)
         select $1, 3, 'Cardless ' || g, $2 from generate_series(1, $3) g returning monthly_reservation_id)
       insert into monthly_contracts (monthly_reservation_id, customer_id, amount_cents, start_utc, created_at)
       select monthly_reservation_id, $1, 40000, $2, $2 from r returning monthly_contract_id`,
      [owner?.customer_id, NOVEMBER, CARDLESS],
    );
    cardlessIds.push(...cardless.map((row) => row.monthly_contract_id));
  }, 120_000);

  afterAll(async () => {
    await db?.close();
    const admin = await openPostgres(ADMIN_URL ?? '');
    await admin.exec(`drop database if exists ${databaseName} with (force)`);
    await admin.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('charges each contract once between them; a third run does nothing', async () => {
    const [first, second] = await Promise.all([runBillingCli(databaseUrl, dataDir), runBillingCli(databaseUrl, dataDir)]);
    const rows = await db.query<{ monthly_contract_id: number; succeeded: number; intents: number }>(
      `select p.monthly_contract_id,
         (select count(*)::int from payments pay where pay.system_entity_id = 'monthly-period:' || p.monthly_contract_period_id and pay.status = 'succeeded') as succeeded,
         (select count(*)::int from payments pay join test_processor_intents i on i.intent_id = pay.provider_intent_id
           where pay.system_entity_id = 'monthly-period:' || p.monthly_contract_period_id and i.status = 'succeeded') as intents
       from monthly_contract_periods p where p.start_utc = $1 and p.monthly_contract_id = any($2::int[]) order by 1`,
      [DECEMBER, contractIds],
    );
    expect(rows.map((row) => [row.succeeded, row.intents])).toEqual(contractIds.map(() => [1, 1]));
    expect((first?.paid ?? 0) + (second?.paid ?? 0)).toBe(CONTRACTS);
    expect(CARDLESS).toBeGreaterThan(2 * CLAIM_BATCH_SIZE);
    const claims = await db.query<{ periods: number; claims: number; outcomes: string }>(
      `select count(distinct p.monthly_contract_period_id)::int as periods, count(b.monthly_contract_period_id)::int as claims,
         string_agg(distinct coalesce(b.outcome, 'open'), ',') as outcomes
       from monthly_contracts mc
       left join monthly_contract_periods p on p.monthly_contract_id = mc.monthly_contract_id and p.start_utc = $1
       left join monthly_billing_charges b on b.monthly_contract_period_id = p.monthly_contract_period_id
       where mc.monthly_contract_id = any($2::int[])`,
      [DECEMBER, cardlessIds],
    );
    expect(claims).toEqual([{ periods: CARDLESS, claims: CARDLESS, outcomes: 'no_card' }]);
    // Every month without a card was counted by one run only (the seed's demo contracts among them).
    const [noCard] = await db.query<{ n: number }>(
      `select count(*)::int as n from monthly_billing_charges b join monthly_contract_periods p using (monthly_contract_period_id) where p.start_utc = $1 and b.outcome = 'no_card'`,
      [DECEMBER],
    );
    expect((first?.noCard ?? 0) + (second?.noCard ?? 0)).toBe(noCard?.n);
    expect(noCard?.n).toBeGreaterThanOrEqual(CARDLESS);
    const third = await runBillingCli(databaseUrl, dataDir);
    expect(third).toMatchObject({ month: '2026-12', paid: 0, declined: 0, noCard: 0, left: 0 });
  }, 120_000);
});
