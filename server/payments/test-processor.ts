/**
 * The built-in test processor: a stand-in for Stripe in test mode, for development and tests with
 * no internet. It keeps its own records (the test_processor_* tables, what Stripe would hold on
 * its side) and applies the test-card rules of test-cards.ts. It accepts only Stripe's published
 * test card numbers, never stores a card number, and refuses to start in production unless
 * PARKFAIR_ALLOW_TEST_PROCESSOR=true says so explicitly: it must never take real cards.
 *
 * Besides the server-side PaymentProvider it offers what Stripe.js does in the browser
 * (tokenise a card, confirm an intent with its client secret); test-processor-routes.ts exposes
 * those over HTTP.
 */
import { randomBytes } from 'node:crypto';
import { toNewYorkDate } from '../../src/contract/vehicles.ts';
import type { Db } from '../db/client.ts';
import type { ChargeResult, IntentStatus, PaymentProvider, ProviderCard, ProviderRefund, ProviderPaymentIntent, ProviderSetupIntent } from './provider.ts';
import { CARD_ERRORS, chargeErrorFor, checkCard, isCardRule, isExpired, setupErrorFor, type CardBrand, type CardError, type CardInput } from './test-cards.ts';

export type TokenizeInput = CardInput & { name: string; zip: string };

/** The browser-side half (Stripe.js), served by test-processor-routes.ts. */
export type TestProcessorBrowserApi = {
  createPaymentMethod(input: TokenizeInput): Promise<{ card: ProviderCard } | { error: CardError }>;
  confirmPaymentIntent(clientSecret: string, paymentMethodId: string): Promise<ConfirmResult<ProviderPaymentIntent>>;
  confirmSetupIntent(clientSecret: string, paymentMethodId: string): Promise<ConfirmResult<ProviderSetupIntent>>;
};

export type ConfirmResult<Intent> =
  | { ok: true; intent: Intent }
  | { ok: false; status: 400 | 402 | 404; error: CardError; intent?: Intent };

export type TestProcessor = PaymentProvider & TestProcessorBrowserApi;

type IntentRow = {
  intent_id: string;
  kind: 'payment' | 'setup';
  client_secret: string;
  amount_cents: number | null;
  customer_id: string | null;
  setup_future_usage: boolean;
  payment_method_id: string | null;
  status: IntentStatus;
  last_error_code: string | null;
  last_error_decline_code: string | null;
  last_error_message: string | null;
};

type CardRow = {
  payment_method_id: string;
  brand: CardBrand;
  last4: string;
  exp_month: number;
  exp_year: number;
  card_rule: string;
  customer_id: string | null;
};

/** Named rather than `*`, so these statements are prepared (decision 0124); row-columns.api.test.ts keeps them the tables'. */
export const INTENT_COLUMNS = [
  'intent_id', 'kind', 'client_secret', 'amount_cents', 'customer_id', 'setup_future_usage', 'payment_method_id', 'status', 'last_error_code',
  'last_error_decline_code', 'last_error_message', 'idempotency_key', 'created_at', 'updated_at',
] as const;
export const CARD_COLUMNS = ['payment_method_id', 'brand', 'last4', 'exp_month', 'exp_year', 'card_rule', 'billing_name', 'billing_zip', 'customer_id', 'created_at'] as const;
const INTENT = INTENT_COLUMNS.join(', ');
const CARD = CARD_COLUMNS.join(', ');

const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

/** Refuses the test processor in production unless explicitly allowed (a staging demo, say). */
export function assertTestProcessorAllowed(isProduction: boolean, env: NodeJS.ProcessEnv = process.env): void {
  if (isProduction && env['PARKFAIR_ALLOW_TEST_PROCESSOR'] !== 'true') {
    throw new Error(
      'Card payments are off: NODE_ENV=production without STRIPE_SECRET_KEY would run the built-in test processor, ' +
        'which must never take real cards. Configure Stripe, or set PARKFAIR_ALLOW_TEST_PROCESSOR=true for a demo.',
    );
  }
}

function toPaymentIntent(row: IntentRow): ProviderPaymentIntent {
  return {
    intentId: row.intent_id,
    clientSecret: row.client_secret,
    status: row.status,
    amountCents: row.amount_cents ?? 0,
    paymentMethodId: row.payment_method_id,
    lastError: row.last_error_message
      ? { code: row.last_error_code ?? 'card_declined', message: row.last_error_message, ...(row.last_error_decline_code ? { declineCode: row.last_error_decline_code } : {}) }
      : null,
  };
}

function toSetupIntent(row: IntentRow): ProviderSetupIntent {
  return {
    intentId: row.intent_id,
    clientSecret: row.client_secret,
    status: row.status === 'succeeded' || row.status === 'canceled' ? row.status : 'requires_payment_method',
    customerId: row.customer_id ?? '',
    paymentMethodId: row.payment_method_id,
  };
}

function toCard(row: CardRow): ProviderCard {
  return { paymentMethodId: row.payment_method_id, brand: row.brand, last4: row.last4, expMonth: row.exp_month, expYear: row.exp_year, customerId: row.customer_id };
}

const UNEXPECTED_STATE: Record<IntentStatus, string> = {
  succeeded: 'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
  canceled: 'You cannot confirm this PaymentIntent because it has been canceled.',
  processing: 'This PaymentIntent is being processed; try again in a moment.',
  requires_payment_method: '',
};

/** Stripe's answer to confirming an intent that no longer awaits a payment method. */
const unexpectedState = (intent: IntentRow): ConfirmResult<IntentRow> => ({
  ok: false, status: 400, error: { code: 'payment_intent_unexpected_state', message: UNEXPECTED_STATE[intent.status] }, intent,
});
const CUSTOMER_MISMATCH: CardError = { code: 'payment_method_customer_mismatch', message: 'The PaymentMethod belongs to a different customer.' };

export function createTestProcessor(db: Db, now: () => Date): TestProcessor {
  const today = () => toNewYorkDate(now());

  async function intentBy(column: 'intent_id' | 'client_secret' | 'idempotency_key', value: string, tx: Db = db, lock = false) {
    const [row] = await tx.query<IntentRow>(`select ${INTENT} from test_processor_intents where ${column} = $1${lock ? ' for update' : ''}`, [value]);
    return row;
  }

  async function cardBy(paymentMethodId: string, tx: Db = db) {
    const [row] = await tx.query<CardRow>(`select ${CARD} from test_processor_payment_methods where payment_method_id = $1`, [paymentMethodId]);
    return row;
  }

  /**
   * The outcome of one confirmation of `intent` with `card`. Each write is a compare-and-set on the
   * intent still awaiting a payment method, so it holds without a lock too (chargeSavedCard): a
   * confirmation that lost a race answers the intent as the winner left it. `read`: the card as the
   * caller already read it (undefined: not found), not read twice.
   */
  async function confirmIntent(tx: Db, intent: IntentRow, paymentMethodId: string, read?: { card: CardRow | undefined }): Promise<ConfirmResult<IntentRow>> {
    if (intent.status !== 'requires_payment_method') return unexpectedState(intent);
    const card = read ? read.card : await cardBy(paymentMethodId, tx);
    if (!card) return { ok: false, status: 404, error: { code: 'resource_missing', message: `No such PaymentMethod: '${paymentMethodId}'` } };
    if (card.customer_id && intent.customer_id && card.customer_id !== intent.customer_id) {
      return { ok: false, status: 400, error: CUSTOMER_MISMATCH };
    }
    const rule = isCardRule(card.card_rule) ? card.card_rule : 'declined';
    const cardError: CardError | undefined =
      (intent.kind === 'setup' ? setupErrorFor(rule) : chargeErrorFor(rule)) ??
      (isExpired(card.exp_month, card.exp_year, today()) ? CARD_ERRORS.expiredCard : undefined);
    const at = now();
    if (cardError) {
      const [updated] = await tx.query<IntentRow>(
        `update test_processor_intents set payment_method_id = $2, last_error_code = $3, last_error_decline_code = $4,
           last_error_message = $5, updated_at = $6 where intent_id = $1 and status = 'requires_payment_method' returning ${INTENT}`,
        [intent.intent_id, paymentMethodId, cardError.code, cardError.declineCode ?? null, cardError.message, at],
      );
      if (!updated) return answerAsLeft(tx, intent.intent_id);
      return { ok: false, status: 402, error: cardError, intent: updated };
    }
    const [updated] = await tx.query<IntentRow>(
      `update test_processor_intents set status = 'succeeded', payment_method_id = $2, last_error_code = null,
         last_error_decline_code = null, last_error_message = null, updated_at = $3
       where intent_id = $1 and status = 'requires_payment_method' returning ${INTENT}`,
      [intent.intent_id, paymentMethodId, at],
    );
    if (!updated) return answerAsLeft(tx, intent.intent_id);
    if (intent.kind === 'setup' || intent.setup_future_usage) {
      await tx.query('update test_processor_payment_methods set customer_id = $2 where payment_method_id = $1', [paymentMethodId, intent.customer_id]);
    }
    return { ok: true, intent: updated };
  }

  /** A confirmation that found its intent no longer awaiting a payment method: Stripe's answer for that state. */
  async function answerAsLeft(tx: Db, intentId: string): Promise<ConfirmResult<IntentRow>> {
    const intent = await intentBy('intent_id', intentId, tx);
    if (!intent) throw new Error(`test processor: intent ${intentId} vanished`);
    return unexpectedState(intent);
  }

  async function confirmByClientSecret(kind: IntentRow['kind'], clientSecret: string, paymentMethodId: string) {
    return db.transaction(async (tx): Promise<ConfirmResult<IntentRow>> => {
      const intent = await intentBy('client_secret', clientSecret, tx, true);
      if (!intent || intent.kind !== kind) {
        return { ok: false, status: 404, error: { code: 'resource_missing', message: `No such ${kind === 'payment' ? 'PaymentIntent' : 'SetupIntent'} for this client secret.` } };
      }
      return confirmIntent(tx, intent, paymentMethodId);
    });
  }

  async function insertIntent(input: { kind: IntentRow['kind']; amountCents: number | null; customerId: string; setupFutureUsage: boolean; idempotencyKey: string }) {
    const intentId = newId(input.kind === 'payment' ? 'pi' : 'seti');
    const at = now();
    const [row] = await db.query<IntentRow>(
      `insert into test_processor_intents (intent_id, kind, client_secret, amount_cents, customer_id, setup_future_usage, status, idempotency_key, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, 'requires_payment_method', $7, $8, $8)
       on conflict (idempotency_key) do nothing returning ${INTENT}`,
      [intentId, input.kind, `${intentId}_secret_${randomBytes(16).toString('hex')}`, input.amountCents, input.customerId, input.setupFutureUsage, input.idempotencyKey, at],
    );
    // A repeated key answers the intent it created the first time (Stripe's idempotency).
    const existing = row ?? (await intentBy('idempotency_key', input.idempotencyKey));
    if (!existing) throw new Error('test processor: idempotent insert found no intent');
    return existing;
  }

  async function mustIntent(intentId: string) {
    const row = await intentBy('intent_id', intentId);
    if (!row) throw new Error(`test processor: no such intent ${intentId}`);
    return row;
  }

  return {
    kind: 'test-processor',

    async createCustomer({ uid, email }) {
      const customerId = newId('cus');
      await db.query('insert into test_processor_customers (customer_id, uid, email, created_at) values ($1, $2, $3, $4)', [customerId, uid, email ?? null, now()]);
      return customerId;
    },

    async createPaymentIntent({ amountCents, customerId, savePaymentMethod, idempotencyKey }) {
      return toPaymentIntent(await insertIntent({ kind: 'payment', amountCents, customerId, setupFutureUsage: savePaymentMethod, idempotencyKey }));
    },

    async updatePaymentIntent(intentId, { amountCents, savePaymentMethod }) {
      await db.query(
        `update test_processor_intents set amount_cents = $2, setup_future_usage = $3, updated_at = $4
         where intent_id = $1 and status = 'requires_payment_method'`,
        [intentId, amountCents, savePaymentMethod, now()],
      );
      return toPaymentIntent(await mustIntent(intentId));
    },

    async retrievePaymentIntent(intentId) {
      return toPaymentIntent(await mustIntent(intentId));
    },

    async findPaymentIntent(idempotencyKey) {
      const row = await intentBy('idempotency_key', idempotencyKey);
      return row?.kind === 'payment' ? toPaymentIntent(row) : undefined;
    },

    async cancelPaymentIntent(intentId) {
      await db.query(
        `update test_processor_intents set status = 'canceled', updated_at = $2 where intent_id = $1 and status = 'requires_payment_method'`,
        [intentId, now()],
      );
      return toPaymentIntent(await mustIntent(intentId));
    },

    async chargeSavedCard({ amountCents, customerId, paymentMethodId, idempotencyKey, intentId }): Promise<ChargeResult> {
      // No transaction: the confirmation's compare-and-set decides a race (three statements, not six).
      const intent = intentId ? await mustIntent(intentId) : await insertIntent({ kind: 'payment', amountCents, customerId, setupFutureUsage: false, idempotencyKey });
      const succeeded = { outcome: 'succeeded', intentId: intent.intent_id } as const;
      const declined = (error: CardError) => ({ outcome: 'declined', intentId: intent.intent_id, error }) as const;
      // A replay of an attempt that already finished answers its outcome again.
      if (intent.status === 'succeeded') return succeeded;
      if (!intentId && intent.last_error_message) return declined(toPaymentIntent(intent).lastError ?? CARD_ERRORS.cardDeclined);
      const card = await cardBy(paymentMethodId);
      if (card && card.customer_id !== customerId) return declined(CUSTOMER_MISMATCH);
      const result = await confirmIntent(db, intent, paymentMethodId, { card });
      if (result.ok || result.intent?.status === 'succeeded') return succeeded;
      return declined(result.error);
    },

    async createSetupIntent({ customerId, idempotencyKey }) {
      return toSetupIntent(await insertIntent({ kind: 'setup', amountCents: null, customerId, setupFutureUsage: true, idempotencyKey }));
    },

    async retrieveSetupIntent(intentId) {
      return toSetupIntent(await mustIntent(intentId));
    },

    async retrieveCard(paymentMethodId) {
      const row = await cardBy(paymentMethodId);
      return row && toCard(row);
    },

    async detachCard(paymentMethodId) {
      await db.query('update test_processor_payment_methods set customer_id = null where payment_method_id = $1', [paymentMethodId]);
    },

    async refund({ intentId, amountCents, idempotencyKey }): Promise<ProviderRefund> {
      return db.transaction(async (tx) => {
        const [earlier] = await tx.query<{ refund_id: string; amount_cents: number }>('select refund_id, amount_cents from test_processor_refunds where idempotency_key = $1', [idempotencyKey]);
        if (earlier) return { refundId: earlier.refund_id, status: 'succeeded', amountCents: earlier.amount_cents };
        const intent = await intentBy('intent_id', intentId, tx, true);
        if (!intent || intent.kind !== 'payment') throw new Error(`test processor: no such PaymentIntent ${intentId}`);
        // Stripe's rules: only a succeeded charge, and never more than what is left of it.
        if (intent.status !== 'succeeded') throw new Error(`test processor: PaymentIntent ${intentId} has no successful charge to refund.`);
        const [refunded] = await tx.query<{ cents: number }>('select coalesce(sum(amount_cents), 0)::int as cents from test_processor_refunds where intent_id = $1', [intentId]);
        if ((refunded?.cents ?? 0) + amountCents > (intent.amount_cents ?? 0)) throw new Error(`test processor: refund of ${amountCents} is more than what is left of ${intentId}.`);
        const refundId = newId('re');
        await tx.query('insert into test_processor_refunds (refund_id, intent_id, amount_cents, idempotency_key, created_at) values ($1, $2, $3, $4, $5)', [refundId, intentId, amountCents, idempotencyKey, now()]);
        return { refundId, status: 'succeeded', amountCents };
      });
    },

    async createPaymentMethod(input) {
      const checked = checkCard(input, today());
      if ('error' in checked) return checked;
      const { card } = checked;
      const expYear = input.expYear < 100 ? 2000 + input.expYear : input.expYear;
      const [row] = await db.query<CardRow>(
        `insert into test_processor_payment_methods (payment_method_id, brand, last4, exp_month, exp_year, card_rule, billing_name, billing_zip, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning ${CARD}`,
        [newId('pm'), card.brand, card.last4, input.expMonth, expYear, card.rule, input.name, input.zip, now()],
      );
      if (!row) throw new Error('test processor: payment method insert returned no row');
      return { card: toCard(row) };
    },

    async confirmPaymentIntent(clientSecret, paymentMethodId) {
      const result = await confirmByClientSecret('payment', clientSecret, paymentMethodId);
      if (result.ok) return { ok: true, intent: toPaymentIntent(result.intent) };
      return { ok: false, status: result.status, error: result.error, ...(result.intent ? { intent: toPaymentIntent(result.intent) } : {}) };
    },

    async confirmSetupIntent(clientSecret, paymentMethodId) {
      const result = await confirmByClientSecret('setup', clientSecret, paymentMethodId);
      if (result.ok) return { ok: true, intent: toSetupIntent(result.intent) };
      return { ok: false, status: result.status, error: result.error, ...(result.intent ? { intent: toSetupIntent(result.intent) } : {}) };
    },
  };
}
