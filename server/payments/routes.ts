/**
 * /payments/api (spec 2 §7 Payments): payment initialisation for the browser card form, saved-card
 * charges (402 with the processor's message on a decline, never retried by the client), card
 * enrollment, saved cards, payment status and history. The monthly-contract calls under the same
 * prefix belong to another service, so authentication is attached per route, not with use('*').
 * POSTs honour the Idempotency-Key header (idempotency.ts).
 */
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import {
  chargeBodySchema, initializePaymentBodySchema, PAYMENT_MESSAGES, setupCompleteBodySchema, setupInitializeBodySchema,
} from '../../src/contract/payments.ts';
import type { Deps } from '../deps.ts';
import { requireUser, type AuthVariables } from '../lib/auth.ts';
import { handleError, notFound } from '../lib/http-error.ts';
import { log } from '../lib/logger.ts';
import { idParam, validate } from '../lib/validate.ts';
import { createCardSetup } from './card-setup.ts';
import { createPaymentProvider } from './create-provider.ts';
import { idempotencyKeys } from './idempotency.ts';
import { createPaymentService, PaymentConflict } from './payment-service.ts';
import { findMethod, findPayment, findPaymentByIntent, isSettled, listMethods, listPayments, removeMethod, setDefaultMethod, toPayment, toSavedMethod } from './payment-store.ts';
import { ProviderUnavailableError } from './provider.ts';
import { createTestProcessorApi } from './test-processor-routes.ts';
import { createGuestTicketPaymentApi } from '../tickets/guest-payment.ts';

const MAX_HISTORY_PAGE = 100;
const historyParams = v.object({
  offset: v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'must be a whole number from 0'), v.transform(Number)),
  count: v.pipe(v.string(), v.regex(/^\d{1,3}$/, 'must be a whole number'), v.transform(Number), v.minValue(1, 'must be at least 1'), v.maxValue(MAX_HISTORY_PAGE, `must be at most ${MAX_HISTORY_PAGE}`)),
});
/** `?after=<paymentId>`: the page starts after that entry (keyset), `offset` then only numbers the page. */
const historyQuery = v.object({
  after: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,8}$/, 'must be a payment id'), v.transform(Number))),
});

function handlePaymentError(error: unknown, c: Context) {
  if (error instanceof PaymentConflict) return c.json({ message: error.message, ...(error.paymentId ? { paymentId: error.paymentId } : {}) }, 409);
  if (error instanceof ProviderUnavailableError) {
    log.error(`[payments] card processor unavailable: ${error.message}`);
    return c.json({ message: PAYMENT_MESSAGES.processorUnavailable }, 503);
  }
  return handleError(error, c);
}

/** Typed as a plain Hono: two shapes (with and without a processor), and no RPC client uses it. */
export function createPaymentsApi(deps: Deps): Hono<{ Variables: AuthVariables }> {
  const { db, config, verifyToken, now } = deps;
  const { provider, testProcessor, refusal } = createPaymentProvider(deps);
  if (!provider) {
    log.error(`[payments] ${refusal}`);
    const unavailable = (c: Context) => c.json({ message: PAYMENT_MESSAGES.processorUnavailable }, 503);
    return new Hono<{ Variables: AuthVariables }>().all('/provider', unavailable).all('/payments/*', unavailable).all('/test-processor/*', unavailable);
  }
  const service = createPaymentService({ db, now, provider });
  const setup = createCardSetup({ db, now, provider, ensureCustomer: service.ensureCustomer });
  const auth = requireUser(verifyToken);
  const idempotent = idempotencyKeys(db, now);

  /** Status of one of the caller's payments, synced with the processor while it is open. */
  async function loadPayment(uid: string, paymentId: number) {
    const row = await findPayment(db, uid, paymentId);
    if (!row) throw notFound('The payment');
    return toPayment(await service.sync(row));
  }

  const api = new Hono<{ Variables: AuthVariables }>()
    .onError(handlePaymentError)
    .get('/provider', (c) => c.json({ provider: provider.kind, publishableKey: provider.kind === 'stripe' ? (config.stripePublishableKey ?? null) : null }))
    .post('/payments/initialize', auth, idempotent, validate('json', initializePaymentBodySchema), async (c) => {
      return c.json(await service.initialize(c.get('user'), c.req.valid('json')));
    })
    .post('/payments/setup/initialize', auth, idempotent, validate('json', setupInitializeBodySchema), async (c) => {
      return c.json(await setup.initialize(c.get('user')));
    })
    .post('/payments/setup/complete', auth, idempotent, validate('json', setupCompleteBodySchema), async (c) => {
      return c.json(toSavedMethod(await setup.complete(c.get('user'), c.req.valid('json'))));
    })
    .get('/payments/methods', auth, async (c) => c.json((await listMethods(db, c.get('user').uid)).map(toSavedMethod)))
    .post('/payments/methods/:id/charge', auth, idempotent, validate('param', idParam), validate('json', chargeBodySchema), async (c) => {
      const outcome = await service.charge(c.get('user'), c.req.valid('param').id, c.req.valid('json'));
      if (outcome.ok) return c.json(toPayment(outcome.payment));
      const { message, code, declineCode } = outcome.error;
      return c.json({ message, code, ...(declineCode ? { declineCode } : {}), paymentId: outcome.payment.payment_id }, 402);
    })
    .delete('/payments/methods/:id', auth, validate('param', idParam), async (c) => {
      const uid = c.get('user').uid;
      const method = await findMethod(db, uid, c.req.valid('param').id);
      if (!method) throw notFound('The payment method');
      await provider.detachCard(method.provider_payment_method_id);
      await removeMethod(db, uid, method.customer_payment_method_id, now());
      return c.json((await listMethods(db, uid)).map(toSavedMethod));
    })
    .put('/payments/methods/:id/default', auth, validate('param', idParam), async (c) => {
      const uid = c.get('user').uid;
      if (!(await setDefaultMethod(db, uid, c.req.valid('param').id))) throw notFound('The payment method');
      return c.json((await listMethods(db, uid)).map(toSavedMethod));
    })
    .get('/payments/history/:offset/:count', auth, validate('param', historyParams), validate('query', historyQuery), async (c) => {
      const { offset, count } = c.req.valid('param');
      const { rows, total } = await listPayments(db, c.get('user').uid, offset, count, c.req.valid('query').after);
      return c.json({ page: Math.floor(offset / count), pageSize: count, totalElementCount: total, results: rows.map(toPayment) });
    })
    // HEAD is answered by these GET handlers (Hono), so polling HEAD until 200 waits until settled.
    .get('/payments/:id/details', auth, validate('param', idParam), async (c) => {
      const payment = await loadPayment(c.get('user').uid, c.req.valid('param').id);
      return c.json(payment, isSettled(payment.status) ? 200 : 202);
    })
    .get('/payments/:id', auth, validate('param', idParam), async (c) => {
      const { paymentId, systemEntityId, status, isSettled: settled } = await loadPayment(c.get('user').uid, c.req.valid('param').id);
      return c.json({ paymentId, systemEntityId, status, isSettled: settled }, settled ? 200 : 202);
    });

  // A paper ticket paid with no account (server/tickets/guest-payment.ts), on this same service.
  api.route('/guest', createGuestTicketPaymentApi({ deps, service, idempotent }));
  if (testProcessor) {
    api.route('/test-processor', createTestProcessorApi(testProcessor, async (intentId) => {
      const row = await findPaymentByIntent(db, intentId);
      if (row) await service.sync(row);
    }));
  }
  return api;
}
