/**
 * Start-up reconciliation: settles what a crash (kill -9, power loss, OOM) left half done, before
 * the server takes requests (server/main.ts). The processor is the source of truth for money:
 * - a payment "processing" (a saved-card charge cut off): its intent succeeded → recorded as paid
 *   and its ticket marked paid; otherwise the intent is cancelled at the processor (so it can never
 *   be charged later) and the payment closed as canceled. A payment that never got its intent id
 *   recorded is looked up by its processor idempotency key;
 * - a browser payment whose intent was never recorded (its payable would stay blocked): the intent,
 *   if the processor has one, is cancelled (nobody has its client secret) and the payment closed;
 * - a browser payment waiting on its intent: synced, so a card the browser confirmed just before
 *   the crash is recorded now, not on the next status poll;
 * - a card enrollment the processor confirmed but whose "complete" never arrived: the card is saved;
 * - Idempotency-Key rows left "running" whose requests died: removed, so the client's retry runs
 *   again (and meets the same payment row). On PGlite that is every running key (the database is
 *   this process's alone); on PostgreSQL only those whose lease has expired, since a live lease may
 *   be another process's request at work (a dead one's is taken over by a retry, idempotency.ts).
 *
 * Every query reads only rows that can still be unfinished, through partial indexes (migration
 * 0095: payments_unfinished, payment_setups_unfinished, idempotency_keys_running), so start-up
 * does not grow with years of settled history.
 *
 * It runs before the first request, and every step is a compare-and-set on the row's status, so it
 * is safe to run again. On PostgreSQL, shared by several API processes, a payment still in flight
 * may be another, healthy process's charge at work: a starting process (a rolling deploy) would
 * cancel it under that driver. So there it settles only payments untouched for longer than a whole
 * request may take (REQUEST_TIMEOUT_MS) — no request is still working on them — and every process
 * sweeps again on a timer (startReconcileSchedule), so what a crash left behind is settled minutes
 * later even when no retry comes. Idempotency keys are lease-aware the same way.
 */
import type { Db } from '../db/client.ts';
import type { Deps } from '../deps.ts';
import { log } from '../lib/logger.ts';
import { runAsJob } from '../lib/request-context.ts';
import { REQUEST_TIMEOUT_MS } from '../lib/request-timeouts.ts';
import { createPaymentProvider } from './create-provider.ts';
import { createPaymentService, paymentIntentKey, type PaymentService } from './payment-service.ts';
import { saveMethod, type PaymentRow } from './payment-store.ts';
import type { PaymentProvider, ProviderPaymentIntent } from './provider.ts';

/** Card setups older than this are not looked at again: their client gave up long ago. */
const SETUP_LOOKBACK_MS = 24 * 60 * 60 * 1000;

/** How often each process on PostgreSQL sweeps for payments a crashed process left in flight. */
export const RECONCILE_INTERVAL_MS = 2 * 60_000;

export type Reconciled = { payments: number; cardSetups: number; idempotencyKeys: number };

/**
 * The newest `updated_at` a payment in flight may have and still be settled here: on PGlite (this
 * process's alone) any; on PostgreSQL only one no request can still be working on.
 */
function settleUntil(db: Db, now: Date): Date | undefined {
  return db.kind === 'pglite' ? undefined : new Date(now.getTime() - REQUEST_TIMEOUT_MS);
}

/**
 * `scope`: 'start' settles everything a crash can leave; 'sweep' (the timer on PostgreSQL) only the
 * stale in-flight payments a start now leaves alone — the rest is settled on its next read.
 */
export async function reconcileInFlight({ db, now, provider, service, scope = 'start' }: { db: Db; now: () => Date; provider: PaymentProvider; service: PaymentService; scope?: 'start' | 'sweep' }): Promise<Reconciled> {
  const result: Reconciled = { payments: 0, cardSetups: 0, idempotencyKeys: 0 };
  const untouchedSince = settleUntil(db, now());

  /** Closes a payment whose intent is not (or no longer) chargeable, with the intent cancelled. */
  async function close(row: PaymentRow, intent: ProviderPaymentIntent | undefined): Promise<void> {
    const final = intent && intent.status !== 'canceled' ? await provider.cancelPaymentIntent(intent.intentId) : intent;
    if (final?.status === 'succeeded') {
      await settleSucceeded(row, final);
      return;
    }
    if (final?.status === 'processing') return; // the processor has not decided: left for later
    const [closed] = await db.query(
      `update payments set status = 'canceled', failure_code = 'interrupted', updated_at = $3,
         failure_message = 'The payment was interrupted before the card was charged.'
       where payment_id = $1 and status = $2 returning payment_id`,
      [row.payment_id, row.status, now()],
    );
    if (closed) result.payments++;
  }

  async function settleSucceeded(row: PaymentRow, intent: ProviderPaymentIntent): Promise<void> {
    if (!row.provider_intent_id) {
      await db.query('update payments set provider_intent_id = $2 where payment_id = $1 and provider_intent_id is null', [row.payment_id, intent.intentId]);
    }
    const settled = await service.recordSucceeded({ ...row, provider_intent_id: intent.intentId }, intent.paymentMethodId);
    if (settled.status === 'succeeded') result.payments++;
  }

  const inFlight = await db.query<PaymentRow>(
    `select * from payments where status in ('requires_payment_method', 'processing')
       and (status = 'processing' or provider_intent_id is null)
       and ($1::timestamptz is null or updated_at <= $1) order by payment_id`,
    [untouchedSince ?? null],
  );
  for (const row of inFlight) {
    const intent = row.provider_intent_id
      ? await provider.retrievePaymentIntent(row.provider_intent_id)
      : await provider.findPaymentIntent(paymentIntentKey(row.payment_id));
    if (intent?.status === 'succeeded') await settleSucceeded(row, intent);
    else if (intent?.status !== 'processing') await close(row, intent);
  }
  if (scope === 'sweep') return result;

  const waiting = await db.query<PaymentRow>(`select * from payments where status in ('requires_payment_method', 'processing') and status = 'requires_payment_method' and provider_intent_id is not null order by payment_id`);
  for (const row of waiting) {
    const synced = await service.sync(row);
    if (synced.status !== row.status) result.payments++;
  }

  const setups = await db.query<{ setup_intent_id: string; owner_uid: string }>(
    'select setup_intent_id, owner_uid from payment_setups where customer_payment_method_id is null and created_at > $1',
    [new Date(now().getTime() - SETUP_LOOKBACK_MS)],
  );
  for (const setup of setups) {
    const intent = await provider.retrieveSetupIntent(setup.setup_intent_id);
    const card = intent.status === 'succeeded' && intent.paymentMethodId ? await provider.retrieveCard(intent.paymentMethodId) : undefined;
    if (!card) continue;
    const saved = await saveMethod(db, setup.owner_uid, card, now());
    await db.query('update payment_setups set customer_payment_method_id = $2 where setup_intent_id = $1', [setup.setup_intent_id, saved.customer_payment_method_id]);
    result.cardSetups++;
  }

  // An embedded PGlite is this process's alone, so every running key's request died with the
  // previous process; on PostgreSQL a live lease may be another process's request at work.
  const keys = db.kind === 'pglite'
    ? await db.query(`delete from idempotency_keys where state = 'running' returning 1 as removed`)
    : await db.query(
        `delete from idempotency_keys where state = 'running' and (lease_expires_at is null or lease_expires_at <= $1) returning 1 as removed`,
        [now()],
      );
  result.idempotencyKeys = keys.length;
  return result;
}

/** The processor and the payment service over it; undefined when payments are off (createPaymentsApi logs why). */
function paymentsOf(deps: Deps): { provider: PaymentProvider; service: PaymentService } | undefined {
  const { provider } = createPaymentProvider(deps);
  if (!provider) return undefined;
  return { provider, service: createPaymentService({ db: deps.db, now: deps.now, provider }) };
}

/** What server/main.ts runs before it listens; one log line when something was settled. */
export async function reconcileOnStart(deps: Deps): Promise<Reconciled | undefined> {
  const payments = paymentsOf(deps);
  if (!payments) return undefined;
  let result: Reconciled;
  try {
    result = await reconcileInFlight({ db: deps.db, now: deps.now, ...payments });
  } catch (error: unknown) {
    // The processor may be unreachable at start: serve anyway (open payments stay open and are
    // settled on their next status read or the next start), and say so.
    log.error(`[payments] start-up reconciliation failed: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
  if (result.payments + result.cardSetups + result.idempotencyKeys > 0) {
    log.info(`[payments] reconciled after an unclean stop: ${result.payments} payments, ${result.cardSetups} card setups, ${result.idempotencyKeys} idempotency keys`);
  }
  return result;
}

/**
 * On PostgreSQL, every process sweeps every RECONCILE_INTERVAL_MS for payments a crashed process
 * left in flight (start-up leaves young ones alone: they may be another process's). Several
 * processes sweeping at once is safe: every step is a compare-and-set. PGlite needs no sweep.
 */
export function startReconcileSchedule(deps: Deps): { stop: () => void } {
  if (deps.db.kind === 'pglite') return { stop: () => {} };
  const parts = paymentsOf(deps);
  if (!parts) return { stop: () => {} };
  let running = false;
  const sweep = async () => {
    try {
      const { payments } = await reconcileInFlight({ db: deps.db, now: deps.now, ...parts, scope: 'sweep' });
      if (payments > 0) log.info(`[payments] settled ${payments} payments a stopped process left in flight`);
    } catch (error: unknown) {
      log.error(`[payments] in-flight sweep failed, next in ${RECONCILE_INTERVAL_MS / 60_000} minutes: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    void runAsJob('reconcile', sweep).finally(() => {
      running = false;
    });
  }, RECONCILE_INTERVAL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
