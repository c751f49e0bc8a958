/**
 * Idempotency-Key leases (idempotency.ts): a key whose holder died is taken over by the retry once
 * its lease has expired, and the retry reconciles with the processor before it charges, so the
 * payment the dead request started completes once. A key whose lease is live is neither taken over
 * nor removed by start-up reconciliation. The crash states are made as the service leaves them;
 * idempotency-takeover.api.test.ts does it with kill -9 on two real processes.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { paymentSetupSchema } from '../../src/contract/payments.ts';
import { createEmulatorUser, emulatorTokenVerifier, type EmulatorUser } from '../testing/emulator-users.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { LEASE_MS } from './idempotency.ts';
import { resolvePayable } from './payables.ts';
import { createPaymentService, paymentIntentKey } from './payment-service.ts';
import { findPaymentById, insertPayment, listMethods, updatePayment, type MethodRow } from './payment-store.ts';
import { reconcileInFlight } from './reconcile.ts';
import { createTestProcessor, type TestProcessor } from './test-processor.ts';

const BASE = '/payments/api';
const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123', name: 'Alice Driver', zip: '10001' };
let t: TestApp;
let alice: EmulatorUser;
let processor: TestProcessor;
let card: MethodRow;
let customerId: string;

const post = (path: string, json: unknown, token?: string, headers?: Record<string, string>) =>
  t.request(`${BASE}${path}`, { method: 'POST', json, ...(token ? { token } : {}), ...(headers ? { headers } : {}) });
/** What the middleware stores for a request: method, full path and body. */
const fingerprintOf = (path: string, json: unknown) => createHash('sha256').update(`POST ${BASE}${path}\n${JSON.stringify(json)}`).digest('hex');
const later = (ms: number) => new Date(t.clock.now.getTime() + ms);

beforeAll(async () => {
  t = await createTestApp({ verifyToken: emulatorTokenVerifier() });
  alice = await createEmulatorUser();
  processor = createTestProcessor(t.db, () => t.clock.now);
  const service = createPaymentService({ db: t.db, now: () => t.clock.now, provider: processor });
  const setup = v.parse(paymentSetupSchema, await (await post('/payments/setup/initialize', {}, alice.idToken)).json());
  const { paymentMethodId } = (await (await post('/test-processor/payment-methods', CARD)).json()) as { paymentMethodId: string };
  await post(`/test-processor/setup-intents/${setup.clientSecret}/confirm`, { paymentMethodId });
  expect((await post('/payments/setup/complete', { transactionId: setup.transactionIntentId, providerCustomerId: setup.providerCustomerId, paymentMethodId }, alice.idToken)).status).toBe(200);
  [card] = (await listMethods(t.db, alice.uid)) as [MethodRow];
  customerId = await service.ensureCustomer({ uid: alice.uid, email: alice.email, phoneNumber: undefined });
});
afterAll(() => t.close());

/**
 * The state a kill -9 leaves in the middle of a saved-card charge: the processor has charged the
 * card, the payment row is still "processing", the key is "running" under the dead holder's lease.
 */
async function chargeCutOffAfterTheProcessorCharged(ticketNumber: string, key: string, leaseExpiresAt: Date) {
  const systemEntityId = `ticket:${ticketNumber}`;
  const amount = await resolvePayable(systemEntityId, alice.uid, { db: t.db, now: () => t.clock.now });
  const row = await insertPayment(t.db, {
    ownerUid: alice.uid, systemEntityId, description: amount.description, amountCents: amount.amountCents, status: 'processing',
    provider: 'test-processor', savePaymentMethod: false, method: card, now: t.clock.now,
  });
  const intent = await processor.createPaymentIntent({ amountCents: amount.amountCents, customerId, savePaymentMethod: false, description: row.description, idempotencyKey: paymentIntentKey(row.payment_id) });
  await updatePayment(t.db, row.payment_id, { provider_intent_id: intent.intentId }, t.clock.now);
  const charged = await processor.chargeSavedCard({ amountCents: amount.amountCents, customerId, paymentMethodId: card.provider_payment_method_id, description: row.description, idempotencyKey: paymentIntentKey(row.payment_id), intentId: intent.intentId });
  expect(charged.outcome).toBe('succeeded');
  const path = `/payments/methods/${card.customer_payment_method_id}/charge`;
  const body = { systemEntityId };
  await t.db.query(
    `insert into idempotency_keys (owner_uid, idempotency_key, request_fingerprint, state, created_at, lease_token, lease_expires_at)
     values ($1, $2, $3, 'running', $4, 'dead-holder', $5)`,
    [alice.uid, key, fingerprintOf(path, body), t.clock.now, leaseExpiresAt],
  );
  return { row, path, body };
}

async function succeededIntents(paymentId: number) {
  const rows = await t.db.query(`select 1 from test_processor_intents where kind = 'payment' and status = 'succeeded' and idempotency_key = $1`, [paymentIntentKey(paymentId)]);
  return rows.length;
}

describe('Idempotency-Key leases', () => {
  it('lets the retry take over a key whose holder died once its lease expired, and completes that payment once', async () => {
    const start = t.clock.now;
    const { row, path, body } = await chargeCutOffAfterTheProcessorCharged('10442611230001004821001', 'lease-takeover-1', later(LEASE_MS));
    // The lease has run out (the dead holder stopped renewing), and so has the payment's claim.
    t.clock.now = new Date(start.getTime() + LEASE_MS + 1_000);
    const retry = await post(path, body, alice.idToken, { 'Idempotency-Key': 'lease-takeover-1' });
    expect(retry.status).toBe(200);
    expect(retry.headers.get('Idempotent-Replayed')).toBeNull();
    expect(((await retry.json()) as { paymentId: number; status: string })).toMatchObject({ paymentId: row.payment_id, status: 'succeeded' });
    expect(await findPaymentById(t.db, row.payment_id)).toMatchObject({ status: 'succeeded' });
    expect(await succeededIntents(row.payment_id)).toBe(1);
    const payments = await t.db.query('select 1 from payments where system_entity_id = $1', [body.systemEntityId]);
    expect(payments).toHaveLength(1);
    // The key now holds the answer: a further retry is a replay, not a third run.
    const again = await post(path, body, alice.idToken, { 'Idempotency-Key': 'lease-takeover-1' });
    expect(again.status).toBe(200);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    const [key] = await t.db.query<{ state: string; lease_expires_at: Date | null }>('select state, lease_expires_at from idempotency_keys where idempotency_key = $1', ['lease-takeover-1']);
    expect(key).toEqual({ state: 'done', lease_expires_at: null });
  });

  it('does not take over a key whose lease is live; start-up removes it once expired (PostgreSQL) or at once (PGlite)', { timeout: 30_000 }, async () => {
    const { path, body } = await chargeCutOffAfterTheProcessorCharged('10422611230002007390002', 'lease-live-1', later(LEASE_MS));
    const retry = await post(path, body, alice.idToken, { 'Idempotency-Key': 'lease-live-1' });
    expect(retry.status).toBe(409);
    expect(((await retry.json()) as { message: string }).message).toBe('A request with this Idempotency-Key is still running.');
    const [key] = await t.db.query<{ lease_token: string }>('select lease_token from idempotency_keys where idempotency_key = $1', ['lease-live-1']);
    expect(key?.lease_token).toBe('dead-holder');
    const reconcile = () => reconcileInFlight({ db: t.db, now: () => t.clock.now, provider: processor, service: createPaymentService({ db: t.db, now: () => t.clock.now, provider: processor }) });
    if (t.db.kind === 'pglite') {
      // An embedded database is this process's alone: the holder died with the previous process.
      expect(await reconcile()).toMatchObject({ idempotencyKeys: 1 });
      return;
    }
    // On PostgreSQL a live lease may be another process's request at work: left alone until it expires.
    expect(await reconcile()).toMatchObject({ idempotencyKeys: 0 });
    t.clock.now = later(LEASE_MS + 1);
    expect(await reconcile()).toMatchObject({ idempotencyKeys: 1 });
  });

  it('refuses the takeover to a different request under the same key', async () => {
    const { path } = await chargeCutOffAfterTheProcessorCharged('20012611230003002024003', 'lease-other-1', t.clock.now);
    const other = await post(path, { systemEntityId: 'ticket:10442611230001004821001' }, alice.idToken, { 'Idempotency-Key': 'lease-other-1' });
    expect(other.status).toBe(422);
  });
});
