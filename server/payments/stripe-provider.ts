/**
 * Stripe as the card processor, over its REST API with fetch (no SDK: one small dependency-free
 * module, and the same shape as the test processor). Used when STRIPE_SECRET_KEY is configured;
 * the browser then uses Stripe.js with STRIPE_PUBLISHABLE_KEY (GET /payments/api/provider).
 * Card errors (HTTP 402) become declines with Stripe's own message; network failures and 5xx
 * become ProviderUnavailableError (503, the client may retry: keys make retries safe).
 *
 * Not exercised by the test suite (no network here); the flows it serves are covered through the
 * test processor, which follows the same contract.
 */
import * as v from 'valibot';
import { CARD_BRANDS } from '../../src/contract/payments.ts';
import {
  ProviderUnavailableError, type ChargeResult, type IntentStatus, type PaymentProvider, type ProviderCard, type ProviderPaymentIntent, type ProviderSetupIntent,
} from './provider.ts';
import type { CardBrand, CardError } from './test-cards.ts';

const API = 'https://api.stripe.com/v1';
const TIMEOUT_MS = 20_000;

const errorSchema = v.object({
  error: v.object({
    type: v.optional(v.string()),
    code: v.optional(v.string()),
    decline_code: v.optional(v.string()),
    message: v.optional(v.string()),
    payment_intent: v.optional(v.object({ id: v.string() })),
  }),
});
const intentSchema = v.object({
  id: v.string(),
  client_secret: v.nullish(v.string()),
  status: v.string(),
  amount: v.optional(v.number()),
  customer: v.nullish(v.union([v.string(), v.object({ id: v.string() })])),
  payment_method: v.nullish(v.union([v.string(), v.object({ id: v.string() })])),
  last_payment_error: v.nullish(v.object({ code: v.optional(v.string()), decline_code: v.optional(v.string()), message: v.optional(v.string()) })),
  last_setup_error: v.nullish(v.object({ code: v.optional(v.string()), decline_code: v.optional(v.string()), message: v.optional(v.string()) })),
});
const cardSchema = v.object({
  id: v.string(),
  customer: v.nullish(v.union([v.string(), v.object({ id: v.string() })])),
  card: v.object({ brand: v.string(), last4: v.string(), exp_month: v.number(), exp_year: v.number() }),
});

class StripeCardError extends Error {
  constructor(
    readonly cardError: CardError,
    readonly intentId: string | null,
    readonly status: number,
  ) {
    super(cardError.message);
  }
}

const idOf = (value: string | { id: string } | null | undefined) => (value == null ? null : typeof value === 'string' ? value : value.id);

function toCardError(raw: { code?: string | undefined; decline_code?: string | undefined; message?: string | undefined } | null | undefined): CardError | null {
  if (!raw?.message) return null;
  return { code: raw.code ?? 'card_declined', message: raw.message, ...(raw.decline_code ? { declineCode: raw.decline_code } : {}) };
}

function toStatus(status: string): IntentStatus {
  if (status === 'succeeded' || status === 'canceled' || status === 'processing') return status;
  if (status === 'requires_capture') return 'processing';
  return 'requires_payment_method';
}

function toPaymentIntent(raw: v.InferOutput<typeof intentSchema>): ProviderPaymentIntent {
  return {
    intentId: raw.id,
    clientSecret: raw.client_secret ?? '',
    status: toStatus(raw.status),
    amountCents: raw.amount ?? 0,
    paymentMethodId: idOf(raw.payment_method),
    lastError: toCardError(raw.last_payment_error),
  };
}

function toSetupIntent(raw: v.InferOutput<typeof intentSchema>): ProviderSetupIntent {
  const status = raw.status === 'succeeded' || raw.status === 'canceled' ? raw.status : 'requires_payment_method';
  return { intentId: raw.id, clientSecret: raw.client_secret ?? '', status, customerId: idOf(raw.customer) ?? '', paymentMethodId: idOf(raw.payment_method) };
}

function toBrand(brand: string): CardBrand {
  return (CARD_BRANDS as readonly string[]).includes(brand) ? (brand as CardBrand) : 'unknown';
}

export function createStripeProvider(secretKey: string): PaymentProvider {
  async function call<T extends v.GenericSchema>(schema: T, method: 'GET' | 'POST', path: string, params: Record<string, string | number | boolean> = {}, idempotencyKey?: string): Promise<v.InferOutput<T>> {
    const body = new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)]));
    let response: Response;
    try {
      response = await fetch(`${API}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${secretKey}`,
          'Content-Type': 'application/x-www-form-urlencoded',
          ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
        },
        ...(method === 'POST' ? { body } : {}),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error: unknown) {
      throw new ProviderUnavailableError(`Stripe ${method} ${path} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    const json: unknown = await response.json().catch(() => null);
    if (response.ok) return v.parse(schema, json);
    const parsed = v.safeParse(errorSchema, json);
    const error = parsed.success ? parsed.output.error : undefined;
    if (response.status < 500 && error?.message && (response.status === 402 || error.type === 'card_error' || error.type === 'invalid_request_error')) {
      throw new StripeCardError(toCardError(error) ?? { code: 'card_declined', message: error.message }, error.payment_intent?.id ?? null, response.status);
    }
    throw new ProviderUnavailableError(`Stripe ${method} ${path} answered ${response.status}: ${error?.message ?? 'no message'}`);
  }

  async function retrievePaymentIntent(intentId: string) {
    return toPaymentIntent(await call(intentSchema, 'GET', `/payment_intents/${encodeURIComponent(intentId)}`));
  }

  /** Our idempotency key travels as metadata, so an intent whose id we never recorded can be found. */
  const keyMetadata = (idempotencyKey: string) => ({ 'metadata[parkfair_key]': idempotencyKey });

  return {
    kind: 'stripe',

    async createCustomer({ uid, email }) {
      const customer = await call(v.object({ id: v.string() }), 'POST', '/customers', { 'metadata[uid]': uid, ...(email ? { email } : {}) });
      return customer.id;
    },

    async createPaymentIntent({ amountCents, customerId, savePaymentMethod, description, idempotencyKey }) {
      return toPaymentIntent(await call(intentSchema, 'POST', '/payment_intents', {
        amount: amountCents, currency: 'usd', customer: customerId, description, 'payment_method_types[]': 'card',
        ...(savePaymentMethod ? { setup_future_usage: 'off_session' } : {}), ...keyMetadata(idempotencyKey),
      }, idempotencyKey));
    },

    async updatePaymentIntent(intentId, { amountCents, savePaymentMethod }) {
      // setup_future_usage is only ever raised: Stripe does not let an update lower it.
      return toPaymentIntent(await call(intentSchema, 'POST', `/payment_intents/${encodeURIComponent(intentId)}`, {
        amount: amountCents, ...(savePaymentMethod ? { setup_future_usage: 'off_session' } : {}),
      }));
    },

    retrievePaymentIntent,

    async findPaymentIntent(idempotencyKey) {
      // Stripe's search is eventually consistent (about a minute): an intent created just before a
      // crash may not be found yet. That is safe: it was never confirmed (the payment service
      // records an intent before confirming it) and nobody holds its client secret.
      const query = `metadata['parkfair_key']:'${idempotencyKey.replace(/'/g, '')}'`;
      const found = await call(v.object({ data: v.array(intentSchema) }), 'GET', `/payment_intents/search?query=${encodeURIComponent(query)}`);
      const [first] = found.data;
      return first && toPaymentIntent(first);
    },

    async cancelPaymentIntent(intentId) {
      try {
        return toPaymentIntent(await call(intentSchema, 'POST', `/payment_intents/${encodeURIComponent(intentId)}/cancel`));
      } catch (error: unknown) {
        // Already succeeded (or canceled): answer the intent as it is.
        if (error instanceof StripeCardError) return retrievePaymentIntent(intentId);
        throw error;
      }
    },

    async chargeSavedCard({ amountCents, customerId, paymentMethodId, description, idempotencyKey, intentId }): Promise<ChargeResult> {
      try {
        const raw = intentId
          ? await call(intentSchema, 'POST', `/payment_intents/${encodeURIComponent(intentId)}/confirm`, { payment_method: paymentMethodId, off_session: true }, `${idempotencyKey}-confirm`)
          : await call(intentSchema, 'POST', '/payment_intents', {
              amount: amountCents, currency: 'usd', customer: customerId, payment_method: paymentMethodId, description,
              off_session: true, confirm: true, 'payment_method_types[]': 'card', ...keyMetadata(idempotencyKey),
            }, idempotencyKey);
        const intent = toPaymentIntent(raw);
        if (intent.status === 'succeeded' || intent.status === 'processing') return { outcome: 'succeeded', intentId: intent.intentId };
        return { outcome: 'declined', intentId: intent.intentId, error: intent.lastError ?? { code: 'authentication_required', message: 'Your card was declined. This transaction requires authentication.' } };
      } catch (error: unknown) {
        if (error instanceof StripeCardError) return { outcome: 'declined', intentId: error.intentId ?? intentId, error: error.cardError };
        throw error;
      }
    },

    async createSetupIntent({ customerId, idempotencyKey }) {
      return toSetupIntent(await call(intentSchema, 'POST', '/setup_intents', { customer: customerId, usage: 'off_session', 'payment_method_types[]': 'card' }, idempotencyKey));
    },

    async retrieveSetupIntent(intentId) {
      return toSetupIntent(await call(intentSchema, 'GET', `/setup_intents/${encodeURIComponent(intentId)}`));
    },

    async retrieveCard(paymentMethodId): Promise<ProviderCard | undefined> {
      try {
        const raw = await call(cardSchema, 'GET', `/payment_methods/${encodeURIComponent(paymentMethodId)}`);
        return { paymentMethodId: raw.id, brand: toBrand(raw.card.brand), last4: raw.card.last4, expMonth: raw.card.exp_month, expYear: raw.card.exp_year, customerId: idOf(raw.customer) };
      } catch (error: unknown) {
        if (error instanceof StripeCardError && error.status === 404) return undefined;
        throw error;
      }
    },

    async detachCard(paymentMethodId) {
      try {
        await call(v.object({ id: v.string() }), 'POST', `/payment_methods/${encodeURIComponent(paymentMethodId)}/detach`);
      } catch (error: unknown) {
        // Already detached: nothing to do.
        if (!(error instanceof StripeCardError)) throw error;
      }
    },

    async refund({ intentId, amountCents, idempotencyKey }) {
      const raw = await call(v.object({ id: v.string(), status: v.string(), amount: v.number() }), 'POST', '/refunds', { payment_intent: intentId, amount: amountCents, ...keyMetadata(idempotencyKey) }, idempotencyKey);
      // Stripe: pending, requires_action, succeeded, failed or canceled; card refunds settle as succeeded.
      const status = raw.status === 'succeeded' ? 'succeeded' : raw.status === 'failed' || raw.status === 'canceled' ? 'failed' : 'pending';
      return { refundId: raw.id, status, amountCents: raw.amount };
    },
  };
}
