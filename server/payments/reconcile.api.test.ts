/**
 * Start-up reconciliation (reconcile.ts) on the states a crash leaves, made exactly as the payment
 * service would have left them when the process died at that point, with the built-in test
 * processor standing for Stripe. npm run chaos provokes the same states with kill -9.
 */
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentInitSchema, paymentSetupSchema, savedPaymentMethodListSchema } from '../../src/contract/payments.ts';
import { createEmulatorUser, emulatorTokenVerifier, type EmulatorUser } from '../testing/emulator-users.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { resolvePayable } from './payables.ts';
import { createPaymentService, paymentIntentKey, type PaymentService } from './payment-service.ts';
import { findPaymentById, insertPayment, listMethods, updatePayment, type MethodRow } from './payment-store.ts';
import { REQUEST_TIMEOUT_MS } from '../lib/request-timeouts.ts';
import { reconcileInFlight } from './reconcile.ts';
import { createTestProcessor, type TestProcessor } from './test-processor.ts';

const BASE = '/payments/api';
const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123', name: 'Alice Driver', zip: '10001' };
let t: TestApp;
let alice: EmulatorUser;
let processor: TestProcessor;
let service: PaymentService;
let card: MethodRow;
let customerId: string;

const post = (path: string, json: unknown, token?: string, headers?: Record<string, string>) =>
  t.request(`${BASE}${path}`, { method: 'POST', json, ...(token ? { token } : {}), ...(headers ? { headers } : {}) });
/** A start after the crash, once no request can still be at work on what it left (REQUEST_TIMEOUT_MS). */
const afterTheCrash = () => new Date(t.clock.now.getTime() + REQUEST_TIMEOUT_MS + 1_000);
const reconcile = (now = afterTheCrash) => reconcileInFlight({ db: t.db, now, provider: processor, service });
const user = () => ({ uid: alice.uid, email: alice.email, phoneNumber: undefined });

async function tokenize(): Promise<string> {
  const response = await post('/test-processor/payment-methods', CARD);
  return ((await response.json()) as { paymentMethodId: string }).paymentMethodId;
}

beforeAll(async () => {
  t = await createTestApp({ verifyToken: emulatorTokenVerifier() });
  alice = await createEmulatorUser();
  processor = createTestProcessor(t.db, () => t.clock.now);
  service = createPaymentService({ db: t.db, now: () => t.clock.now, provider: processor });
  const setup = v.parse(paymentSetupSchema, await (await post('/payments/setup/initialize', {}, alice.idToken)).json());
  const paymentMethodId = await tokenize();
  await post(`/test-processor/setup-intents/${setup.clientSecret}/confirm`, { paymentMethodId });
  expect((await post('/payments/setup/complete', { transactionId: setup.transactionIntentId, providerCustomerId: setup.providerCustomerId, paymentMethodId }, alice.idToken)).status).toBe(200);
  [card] = (await listMethods(t.db, alice.uid)) as [MethodRow];
  customerId = await service.ensureCustomer(user());
});
afterAll(() => t.close());

/** A saved-card charge of a ticket as the service starts it: the payable claimed, "processing". */
async function processingCharge(ticketNumber: string) {
  const systemEntityId = `ticket:${ticketNumber}`;
  const amount = await resolvePayable(systemEntityId, alice.uid, { db: t.db, now: () => t.clock.now });
  const row = await insertPayment(t.db, {
    ownerUid: alice.uid, systemEntityId, description: amount.description, amountCents: amount.amountCents, status: 'processing',
    provider: 'test-processor', savePaymentMethod: false, method: card, now: t.clock.now,
  });
  return { row, systemEntityId, amountCents: amount.amountCents };
}

async function ticketState(ticketNumber: string) {
  const [ticket] = await t.db.query<{ status: string; amount_paid_cents: number; ticket_id: number }>(
    'select status, amount_paid_cents, ticket_id from garage_tickets where ticket_number = $1', [ticketNumber],
  );
  const events = await t.db.query<{ payment_id: number }>(`select payment_id from ticket_events where ticket_id = $1 and kind = 'payment'`, [ticket?.ticket_id]);
  return { status: ticket?.status, amountPaidCents: ticket?.amount_paid_cents, paymentIds: events.map((event) => event.payment_id) };
}

async function succeededIntents(paymentId: number) {
  const rows = await t.db.query<{ intent_id: string }>(
    `select intent_id from test_processor_intents where kind = 'payment' and status = 'succeeded' and idempotency_key = $1`,
    [paymentIntentKey(paymentId)],
  );
  return rows.length;
}

describe('start-up reconciliation', () => {
  it('leaves a charge another process is making right now alone on PostgreSQL (a rolling deploy), and settles it once no request can be at work', async () => {
    const { row } = await processingCharge('40012611230005001187005');
    // A process starting while another one charges this card: the row is seconds old.
    const atStart = await reconcile(() => t.clock.now);
    if (t.db.kind === 'pglite') {
      // An embedded database is this process's alone: whatever is in flight died with the last one.
      expect(atStart).toMatchObject({ payments: 1 });
      return;
    }
    expect(atStart).toMatchObject({ payments: 0 });
    expect(await findPaymentById(t.db, row.payment_id)).toMatchObject({ status: 'processing' });
    // Past the longest a request may run, nobody is charging it: the timer's sweep cancels it at the
    // processor and closes it.
    expect(await reconcileInFlight({ db: t.db, now: afterTheCrash, provider: processor, service, scope: 'sweep' })).toMatchObject({ payments: 1 });
    expect(await findPaymentById(t.db, row.payment_id)).toMatchObject({ status: 'canceled', failure_code: 'interrupted' });
  });

  it('records a saved-card charge the processor took before the crash, and marks its ticket paid', async () => {
    const { row, amountCents } = await processingCharge('10442611230001004821001');
    // Crash after the processor charged, before the success (or even the intent id) was recorded.
    const intent = await processor.createPaymentIntent({ amountCents, customerId, savePaymentMethod: false, description: row.description, idempotencyKey: paymentIntentKey(row.payment_id) });
    expect((await processor.chargeSavedCard({ amountCents, customerId, paymentMethodId: card.provider_payment_method_id, description: row.description, idempotencyKey: paymentIntentKey(row.payment_id), intentId: intent.intentId })).outcome).toBe('succeeded');

    expect(await reconcile()).toEqual({ payments: 1, cardSetups: 0, idempotencyKeys: 0 });
    expect(await findPaymentById(t.db, row.payment_id)).toMatchObject({ status: 'succeeded', provider_intent_id: intent.intentId, card_last4: '4242' });
    expect(await ticketState('10442611230001004821001')).toEqual({ status: 'paid', amountPaidCents: amountCents, paymentIds: [row.payment_id] });

    // Again: nothing more to do, nothing recorded twice; the driver's retry is told it is paid.
    expect(await reconcile()).toEqual({ payments: 0, cardSetups: 0, idempotencyKeys: 0 });
    const retry = await post(`/payments/methods/${card.customer_payment_method_id}/charge`, { systemEntityId: 'ticket:10442611230001004821001' }, alice.idToken);
    expect(retry.status).toBe(409);
    expect(await succeededIntents(row.payment_id)).toBe(1);
    expect((await ticketState('10442611230001004821001')).paymentIds).toEqual([row.payment_id]);
  });

  it('cancels a charge cut off before the processor confirmed it, so it can never be taken, and frees the ticket', async () => {
    const { row, amountCents } = await processingCharge('10422611230002007390002');
    const intent = await processor.createPaymentIntent({ amountCents, customerId, savePaymentMethod: false, description: row.description, idempotencyKey: paymentIntentKey(row.payment_id) });
    await updatePayment(t.db, row.payment_id, { provider_intent_id: intent.intentId }, t.clock.now);

    expect(await reconcile()).toEqual({ payments: 1, cardSetups: 0, idempotencyKeys: 0 });
    expect(await findPaymentById(t.db, row.payment_id)).toMatchObject({ status: 'canceled', failure_code: 'interrupted' });
    expect((await processor.retrievePaymentIntent(intent.intentId)).status).toBe('canceled');
    expect((await processor.chargeSavedCard({ amountCents, customerId, paymentMethodId: card.provider_payment_method_id, description: '', idempotencyKey: 'x', intentId: intent.intentId })).outcome).toBe('declined');

    const paid = await post(`/payments/methods/${card.customer_payment_method_id}/charge`, { systemEntityId: 'ticket:10422611230002007390002' }, alice.idToken);
    expect(paid.status).toBe(200);
    expect((await ticketState('10422611230002007390002')).status).toBe('paid');
  });

  it('closes payments whose intent was never recorded, cancelling any the processor made, so the ticket can be paid', async () => {
    const cutBeforeProcessor = await processingCharge('20012611230003002024003');
    expect(await reconcile()).toEqual({ payments: 1, cardSetups: 0, idempotencyKeys: 0 });
    expect(await findPaymentById(t.db, cutBeforeProcessor.row.payment_id)).toMatchObject({ status: 'canceled' });

    // A browser payment cut off between creating its intent and recording it: the ticket would
    // otherwise answer "a payment is already in progress" for ever.
    const amount = await resolvePayable('ticket:20012611230003002024003', alice.uid, { db: t.db, now: () => t.clock.now });
    const browser = await insertPayment(t.db, {
      ownerUid: alice.uid, systemEntityId: 'ticket:20012611230003002024003', description: amount.description, amountCents: amount.amountCents,
      status: 'requires_payment_method', provider: 'test-processor', savePaymentMethod: false, now: t.clock.now,
    });
    const orphan = await processor.createPaymentIntent({ amountCents: amount.amountCents, customerId, savePaymentMethod: false, description: '', idempotencyKey: paymentIntentKey(browser.payment_id) });
    expect(await reconcile()).toEqual({ payments: 1, cardSetups: 0, idempotencyKeys: 0 });
    expect(await findPaymentById(t.db, browser.payment_id)).toMatchObject({ status: 'canceled' });
    expect((await processor.retrievePaymentIntent(orphan.intentId)).status).toBe('canceled');

    const init = await post('/payments/initialize', { systemEntityId: 'ticket:20012611230003002024003' }, alice.idToken);
    expect(init.status).toBe(200);
    expect(v.parse(paymentInitSchema, await init.json()).paymentId).not.toBe(browser.payment_id);
  });

  it('records a browser card payment confirmed just before the crash', async () => {
    const init = v.parse(paymentInitSchema, await (await post('/payments/initialize', { systemEntityId: 'ticket:R4T9WX' }, alice.idToken)).json());
    // The browser confirmed with the processor; the server died before it heard of it.
    expect((await processor.confirmPaymentIntent(init.clientSecret, await tokenize())).ok).toBe(true);
    expect(await findPaymentById(t.db, init.paymentId)).toMatchObject({ status: 'requires_payment_method' });

    expect(await reconcile()).toEqual({ payments: 1, cardSetups: 0, idempotencyKeys: 0 });
    expect(await findPaymentById(t.db, init.paymentId)).toMatchObject({ status: 'succeeded' });
    expect((await ticketState('R4T9WX')).paymentIds).toEqual([init.paymentId]);
  });

  it('saves a card whose enrollment the processor confirmed but whose completion never arrived', async () => {
    const before = (await listMethods(t.db, alice.uid)).length;
    const setup = v.parse(paymentSetupSchema, await (await post('/payments/setup/initialize', {}, alice.idToken)).json());
    const paymentMethodId = await tokenize();
    expect((await post(`/test-processor/setup-intents/${setup.clientSecret}/confirm`, { paymentMethodId })).status).toBe(200);

    expect(await reconcile()).toEqual({ payments: 0, cardSetups: 1, idempotencyKeys: 0 });
    const listed = v.parse(savedPaymentMethodListSchema, await (await t.request(`${BASE}/payments/methods`, { token: alice.idToken })).json());
    expect(listed).toHaveLength(before + 1);
    // The client's late completion finds the same card, not a second one.
    const late = await post('/payments/setup/complete', { transactionId: setup.transactionIntentId, providerCustomerId: setup.providerCustomerId, paymentMethodId }, alice.idToken);
    expect(late.status).toBe(200);
    expect(await listMethods(t.db, alice.uid)).toHaveLength(before + 1);
    expect(await reconcile()).toEqual({ payments: 0, cardSetups: 0, idempotencyKeys: 0 });
  });

  it('removes Idempotency-Key rows whose request died, so the retry runs instead of waiting 24 hours', async () => {
    await t.db.query(
      `insert into idempotency_keys (owner_uid, idempotency_key, request_fingerprint, state, created_at) values ($1, 'cut-off-key', 'x', 'running', $2)`,
      [alice.uid, t.clock.now],
    );
    expect(await reconcile()).toEqual({ payments: 0, cardSetups: 0, idempotencyKeys: 1 });
    const retry = await post('/payments/setup/initialize', {}, alice.idToken, { 'Idempotency-Key': 'cut-off-key' });
    expect(retry.status).toBe(200);
  });
});
