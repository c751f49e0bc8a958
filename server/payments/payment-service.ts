/**
 * Taking payments without ever taking one twice. Every attempt first claims its payable in a short
 * database transaction (the open payment row, guarded by payments_one_open_per_payable), then talks
 * to the processor outside any transaction, then records the outcome with a compare-and-set on the
 * status. So two clicks, two tabs, retries or two API processes meet the same row:
 * - the payable is already paid: the payer gets that payment back, anyone else a 409;
 * - a charge is running: wait for it (up to a few seconds), then answer its outcome;
 * - the browser flow is waiting on an intent: a saved-card charge confirms that same intent,
 *   which the processor lets succeed only once.
 * Processor calls carry an idempotency key derived from the payment id, so re-driving an attempt
 * whose answer was lost (a crash, a timeout) cannot create a second charge.
 */
import { PAYMENT_MESSAGES } from '../../src/contract/payments.ts';
import type { Db } from '../db/client.ts';
import type { AuthUser } from '../lib/auth.ts';
import { HttpError, notFound } from '../lib/http-error.ts';
import { notifyPaid, resolvePayable } from './payables.ts';
import {
  findMethodAndCustomer, findPayment, findPaymentById, findProviderCustomer, METHOD, type NewPayment, openOrInsertPayment, PAYMENT, saveMethod, saveProviderCustomer,
  updatePayment, type MethodRow, type PaymentRow,
} from './payment-store.ts';
import type { PaymentProvider } from './provider.ts';
import type { CardError } from './test-cards.ts';

/** A "processing" row older than this lost its request (crash, timeout) and may be re-driven. */
const ABANDONED_AFTER_MS = 30_000;
const WAIT_FOR_RUNNING_MS = 8_000;
const POLL_MS = 50;

export type ChargeOutcome =
  | { ok: true; payment: PaymentRow }
  | { ok: false; payment: PaymentRow; error: CardError };

type Claim =
  | { kind: 'paid'; row: PaymentRow }
  | { kind: 'busy'; row: PaymentRow }
  | { kind: 'foreign'; row: PaymentRow }
  | { kind: 'mine'; row: PaymentRow }
  | { kind: 'created'; row: PaymentRow };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The processor idempotency key of a payment's one intent: a re-drive or a lost answer meets the same intent. */
export const paymentIntentKey = (paymentId: number) => `parkfair-payment-${paymentId}`;

/** What a charge answers when its intent was cancelled under it (start-up reconciliation settled it). */
const CANCELED_ERROR: CardError = { code: 'payment_intent_canceled', message: 'This payment was interrupted before your card was charged. Please try again.' };

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && (error as { code: unknown }).code === '23505';
}

export function createPaymentService({ db, now, provider }: { db: Db; now: () => Date; provider: PaymentProvider }) {
  const context = { db, now };

  async function ensureCustomer(user: AuthUser): Promise<string> {
    const existing = await findProviderCustomer(db, user.uid);
    if (existing) return existing;
    const created = await provider.createCustomer({ uid: user.uid, email: user.email });
    return saveProviderCustomer(db, user.uid, provider.kind, created, now());
  }

  /**
   * Claims the payable for a new attempt: answers the open payment if there is one, otherwise
   * inserts `fresh` (the unique index turns a lost race into "busy").
   */
  async function claim(systemEntityId: string, uid: string, fresh: NewPayment): Promise<Claim> {
    try {
      const { row: open, isCreated } = await openOrInsertPayment(db, fresh);
      if (isCreated) return { kind: 'created', row: open };
      if (open.status === 'succeeded') return { kind: 'paid', row: open };
      if (open.status === 'processing') {
        const age = now().getTime() - new Date(open.updated_at).getTime();
        return age > ABANDONED_AFTER_MS ? { kind: 'mine', row: open } : { kind: 'busy', row: open };
      }
      if (open.provider_intent_id === null) return { kind: 'busy', row: open };
      return open.owner_uid === uid ? { kind: 'mine', row: open } : { kind: 'foreign', row: open };
    } catch (error: unknown) {
      if (!isUniqueViolation(error)) throw error;
      const racing = await db.query<PaymentRow>(`select ${PAYMENT} from payments where system_entity_id = $1 and status in ('requires_payment_method', 'processing', 'succeeded')`, [systemEntityId]);
      const row = racing[0];
      if (!row) throw error;
      return { kind: row.status === 'succeeded' ? 'paid' : 'busy', row };
    }
  }

  /**
   * Records a success: card details from the processor, the card saved when asked, the payable
   * told. The status change and the payable's hook (the ticket marked paid) commit together, so a
   * crash cannot leave a paid payment its ticket does not show.
   */
  async function markSucceeded(row: PaymentRow, providerPaymentMethodId: string | null, method?: MethodRow): Promise<PaymentRow> {
    let saved = method;
    const card = !saved && providerPaymentMethodId ? await provider.retrieveCard(providerPaymentMethodId) : undefined;
    if (card && row.save_payment_method) saved = await saveMethod(db, row.owner_uid, card, now());
    const updated = await db.transaction(async (tx) => {
      const done = await updatePayment(
        tx,
        row.payment_id,
        {
          status: 'succeeded',
          succeeded_at: now(),
          failure_code: null,
          failure_message: null,
          customer_payment_method_id: saved?.customer_payment_method_id ?? null,
          card_brand: saved?.brand ?? card?.brand ?? null,
          card_last4: saved?.last4 ?? card?.last4 ?? null,
        },
        now(),
        ['requires_payment_method', 'processing'],
      );
      if (done) await notifyPaid(row.system_entity_id, { paymentId: row.payment_id, uid: row.owner_uid, amountCents: row.amount_cents }, { db: tx, now });
      return done;
    });
    const result = updated ?? (await findPaymentById(db, row.payment_id));
    if (!result) throw new Error(`payment ${row.payment_id} vanished`);
    return result;
  }

  /**
   * Creates the processor intent of a payment and records its id before anyone can confirm it
   * (the browser gets the client secret, or the server confirms, only afterwards): so whatever
   * the processor charges has a row that names it, and start-up reconciliation (reconcile.ts)
   * can settle it. Answers undefined when the row changed meanwhile (reconciliation closed it);
   * the new intent is then cancelled, never used.
   */
  async function attachIntent(row: PaymentRow, customerId: string, input: { amountCents: number; description: string; savePaymentMethod: boolean; isForBrowser: boolean }): Promise<PaymentRow | undefined> {
    const intent = await provider.createPaymentIntent({
      amountCents: input.amountCents, customerId, savePaymentMethod: input.savePaymentMethod, description: input.description,
      idempotencyKey: paymentIntentKey(row.payment_id),
    });
    const [recorded] = await db.query<PaymentRow>(
      `update payments set provider_intent_id = $2, client_secret = $3, updated_at = $4
       where payment_id = $1 and status = $5 and provider_intent_id is null returning ${PAYMENT}`,
      [row.payment_id, intent.intentId, input.isForBrowser ? intent.clientSecret : null, now(), row.status],
    );
    if (!recorded) await provider.cancelPaymentIntent(intent.intentId);
    return recorded;
  }

  /** Brings a payment waiting on the browser up to date with its processor intent. */
  async function sync(row: PaymentRow): Promise<PaymentRow> {
    if (row.status !== 'requires_payment_method' || !row.provider_intent_id) return row;
    const intent = await provider.retrievePaymentIntent(row.provider_intent_id);
    if (intent.status === 'succeeded') return markSucceeded(row, intent.paymentMethodId);
    if (intent.status === 'canceled') {
      return (await updatePayment(db, row.payment_id, { status: 'canceled' }, now(), ['requires_payment_method'])) ?? row;
    }
    if (intent.lastError && intent.lastError.message !== row.failure_message) {
      return (await updatePayment(db, row.payment_id, { failure_code: intent.lastError.code, failure_message: intent.lastError.message }, now(), ['requires_payment_method'])) ?? row;
    }
    return row;
  }

  /** Frees a payable held by someone else's unfinished browser payment (cancel it at the processor). */
  async function releaseForeign(row: PaymentRow): Promise<void> {
    if (!row.provider_intent_id) return;
    const intent = await provider.cancelPaymentIntent(row.provider_intent_id);
    if (intent.status === 'succeeded') await markSucceeded(row, intent.paymentMethodId);
    else await updatePayment(db, row.payment_id, { status: 'canceled' }, now(), ['requires_payment_method']);
  }

  /** A payment named by the client must be the caller's and for the same payable. */
  async function checkNamedPayment(uid: string, paymentId: number | null | undefined, systemEntityId: string): Promise<PaymentRow | undefined> {
    if (!paymentId) return undefined;
    const named = await findPayment(db, uid, paymentId);
    if (!named) throw notFound('The payment');
    if (named.system_entity_id !== systemEntityId) throw new HttpError(400, `Payment ${paymentId} is for ${named.system_entity_id}, not ${systemEntityId}.`);
    return named;
  }

  return {
    ensureCustomer,
    sync,
    /** For start-up reconciliation: a payment whose processor intent succeeded, recorded as paid. */
    recordSucceeded: (row: PaymentRow, providerPaymentMethodId: string | null) => markSucceeded(row, providerPaymentMethodId),

    async initialize(user: AuthUser, input: { systemEntityId: string; paymentId?: number | null | undefined; savePaymentMethod: boolean }) {
      await checkNamedPayment(user.uid, input.paymentId, input.systemEntityId);
      const amount = await resolvePayable(input.systemEntityId, user.uid, context);
      const deadline = Date.now() + WAIT_FOR_RUNNING_MS;
      for (;;) {
        const claimed = await claim(input.systemEntityId, user.uid, {
          ownerUid: user.uid, systemEntityId: input.systemEntityId, description: amount.description, amountCents: amount.amountCents,
          status: 'requires_payment_method', provider: provider.kind, savePaymentMethod: input.savePaymentMethod, now: now(),
        });
        const row = claimed.row;
        if (claimed.kind === 'paid') throw new PaymentConflict(PAYMENT_MESSAGES.alreadyPaid, row.owner_uid === user.uid ? row.payment_id : undefined);
        if (claimed.kind === 'foreign') {
          await releaseForeign(row);
          continue;
        }
        if (claimed.kind === 'busy' || (claimed.kind === 'mine' && row.status === 'processing')) {
          if (Date.now() > deadline) throw new PaymentConflict(PAYMENT_MESSAGES.inProgress, row.owner_uid === user.uid ? row.payment_id : undefined);
          await sleep(POLL_MS);
          continue;
        }
        if (claimed.kind === 'mine') {
          const current = await sync(row);
          if (current.status !== 'requires_payment_method' || !current.provider_intent_id) continue;
          if (current.amount_cents !== amount.amountCents || current.save_payment_method !== input.savePaymentMethod) {
            await provider.updatePaymentIntent(current.provider_intent_id, { amountCents: amount.amountCents, savePaymentMethod: input.savePaymentMethod });
            await updatePayment(db, current.payment_id, { amount_cents: amount.amountCents, description: amount.description, save_payment_method: input.savePaymentMethod }, now(), ['requires_payment_method']);
          }
          return { paymentId: current.payment_id, clientSecret: current.client_secret ?? '' };
        }
        try {
          const recorded = await attachIntent(row, await ensureCustomer(user), { ...amount, savePaymentMethod: input.savePaymentMethod, isForBrowser: true });
          if (!recorded?.client_secret) continue;
          return { paymentId: row.payment_id, clientSecret: recorded.client_secret };
        } catch (error: unknown) {
          await updatePayment(db, row.payment_id, { status: 'canceled' }, now(), ['requires_payment_method']);
          throw error;
        }
      }
    },

    async charge(user: AuthUser, methodId: number, input: { systemEntityId: string; paymentId?: number | null | undefined }): Promise<ChargeOutcome> {
      // The card and the owner's processor customer in one read (a saved card's owner has one).
      const method = await findMethodAndCustomer(db, user.uid, methodId);
      if (!method) throw notFound('The payment method');
      const named = await checkNamedPayment(user.uid, input.paymentId, input.systemEntityId);
      if (named?.status === 'succeeded') return { ok: true, payment: named };
      const amount = await resolvePayable(input.systemEntityId, user.uid, context);
      const deadline = Date.now() + WAIT_FOR_RUNNING_MS;
      let row: PaymentRow;
      for (;;) {
        const claimed = await claim(input.systemEntityId, user.uid, {
          ownerUid: user.uid, systemEntityId: input.systemEntityId, description: amount.description, amountCents: amount.amountCents,
          status: 'processing', provider: provider.kind, savePaymentMethod: false, method, now: now(),
        });
        if (claimed.kind === 'paid') {
          // The payer's repeat (double click, retry) gets the payment it made; anyone else a conflict.
          if (claimed.row.owner_uid === user.uid) return { ok: true, payment: claimed.row };
          throw new PaymentConflict(PAYMENT_MESSAGES.alreadyPaid);
        }
        if (claimed.kind === 'foreign') {
          await releaseForeign(claimed.row);
          continue;
        }
        if (claimed.kind === 'busy') {
          if (Date.now() > deadline) throw new PaymentConflict(PAYMENT_MESSAGES.inProgress, claimed.row.owner_uid === user.uid ? claimed.row.payment_id : undefined);
          await sleep(POLL_MS);
          continue;
        }
        if (claimed.kind === 'mine' && claimed.row.status === 'requires_payment_method') {
          // The browser may have paid it meanwhile; otherwise take it over for this card.
          const current = await sync(claimed.row);
          if (current.status !== 'requires_payment_method') continue;
          const taken = await updatePayment(
            db, current.payment_id,
            { status: 'processing', amount_cents: amount.amountCents, description: amount.description, customer_payment_method_id: method.customer_payment_method_id, card_brand: method.brand, card_last4: method.last4 },
            now(), ['requires_payment_method'],
          );
          if (!taken) continue;
          row = taken;
          break;
        }
        if (claimed.kind === 'mine') {
          // An abandoned "processing" attempt: take it over with a compare-and-set on updated_at,
          // so only one request re-drives it.
          const [retaken] = await db.query<PaymentRow>(
            `update payments set updated_at = $2 where payment_id = $1 and status = 'processing' and updated_at = $3 returning ${PAYMENT}`,
            [claimed.row.payment_id, now(), claimed.row.updated_at],
          );
          if (!retaken) continue;
          row = retaken;
          break;
        }
        row = claimed.row;
        break;
      }

      // An abandoned attempt is re-driven with the card it started with, on the intent it recorded.
      const card = row.customer_payment_method_id === method.customer_payment_method_id
        ? method
        : (await db.query<MethodRow>(`select ${METHOD} from customer_payment_methods where customer_payment_method_id = $1`, [row.customer_payment_method_id]))[0] ?? method;
      const isBrowserIntent = row.client_secret !== null;
      if (row.provider_intent_id) {
        const intent = await provider.retrievePaymentIntent(row.provider_intent_id);
        if (intent.status === 'succeeded') return { ok: true, payment: await markSucceeded(row, null, card) };
        if (intent.status === 'canceled') {
          const canceled = await updatePayment(db, row.payment_id, { status: 'canceled' }, now(), ['processing']);
          return { ok: false, payment: canceled ?? row, error: CANCELED_ERROR };
        }
        // A taken-over browser intent is charged the amount due now, not the one it was created with.
        if (intent.amountCents !== row.amount_cents) await provider.updatePaymentIntent(row.provider_intent_id, { amountCents: row.amount_cents, savePaymentMethod: false });
      }
      // The processor's customer, read with the card (or made now), once for the intent and the charge.
      const customerId = method.provider_customer_id ?? (await ensureCustomer(user));
      if (!row.provider_intent_id) {
        const recorded = await attachIntent(row, customerId, { amountCents: row.amount_cents, description: row.description, savePaymentMethod: false, isForBrowser: false });
        if (!recorded) throw new PaymentConflict(PAYMENT_MESSAGES.inProgress, row.payment_id);
        row = recorded;
      }
      const intentId = row.provider_intent_id;
      const result = await provider.chargeSavedCard({
        amountCents: row.amount_cents,
        customerId,
        paymentMethodId: card.provider_payment_method_id,
        description: row.description,
        idempotencyKey: paymentIntentKey(row.payment_id),
        intentId,
      });
      if (result.outcome === 'succeeded') return { ok: true, payment: await markSucceeded(row, null, card) };
      // A browser intent that declined stays open for another card (Stripe's behaviour); a
      // server-made attempt is over.
      const declined = await updatePayment(
        db, row.payment_id,
        isBrowserIntent
          ? { status: 'requires_payment_method', failure_code: result.error.code, failure_message: result.error.message }
          : { status: 'failed', failure_code: result.error.code, failure_message: result.error.message },
        now(), ['processing'],
      );
      return { ok: false, payment: declined ?? row, error: result.error };
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;

/** 409 with the payment the caller may follow (its own), never someone else's. */
export class PaymentConflict extends HttpError {
  constructor(
    message: string,
    readonly paymentId?: number,
  ) {
    super(409, message);
    this.name = 'PaymentConflict';
  }
}
