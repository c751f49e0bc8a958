/**
 * `npm run billing` started twice at the same moment on one PostgreSQL database (two OS
 * processes, two connection pools, as two servers' hourly runs would meet on the 1st): every
 * contract's December is charged once, the two runs split the work between them, and a third run
 * finds nothing to do. Only on the PostgreSQL run of `npm run test:api` (PGlite lives inside one
 * process).
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
import type { BillingReport } from './billing-cycle.ts';

const ADMIN_URL = process.env['TEST_DATABASE_URL'];
const ROOT = path.resolve(import.meta.dirname, '../..');
const NOVEMBER = new Date('2026-11-01T04:00:00Z');
const DECEMBER = new Date('2026-12-01T05:00:00Z');
const CONTRACTS = 6;

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
    const third = await runBillingCli(databaseUrl, dataDir);
    expect(third).toMatchObject({ month: '2026-12', paid: 0, declined: 0, left: 0 });
  }, 120_000);
});
