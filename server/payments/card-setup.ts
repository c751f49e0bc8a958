/**
 * Card enrollment (spec 2 §4 "Card enrollment"): setup/initialize creates a processor setup
 * intent for the caller's processor customer; the browser confirms it with the card (Stripe.js or
 * the test processor's stand-in); setup/complete checks with the processor that this very intent
 * succeeded with this card, then saves the card. Completing twice saves it once.
 */
import { randomUUID } from 'node:crypto';
import { PAYMENT_MESSAGES } from '../../src/contract/payments.ts';
import type { Db } from '../db/client.ts';
import type { AuthUser } from '../lib/auth.ts';
import { HttpError, notFound } from '../lib/http-error.ts';
import { saveMethod, type MethodRow } from './payment-store.ts';
import type { PaymentProvider } from './provider.ts';

export function createCardSetup({ db, now, provider, ensureCustomer }: {
  db: Db;
  now: () => Date;
  provider: PaymentProvider;
  ensureCustomer: (user: AuthUser) => Promise<string>;
}) {
  return {
    async initialize(user: AuthUser) {
      const customerId = await ensureCustomer(user);
      const intent = await provider.createSetupIntent({ customerId, idempotencyKey: `parkfair-setup-${randomUUID()}` });
      await db.query(
        'insert into payment_setups (setup_intent_id, owner_uid, provider_customer_id, created_at) values ($1, $2, $3, $4)',
        [intent.intentId, user.uid, customerId, now()],
      );
      return { clientSecret: intent.clientSecret, transactionIntentId: intent.intentId, providerCustomerId: customerId };
    },

    async complete(user: AuthUser, input: { transactionId: string; providerCustomerId: string; paymentMethodId: string }): Promise<MethodRow> {
      const [setup] = await db.query<{ provider_customer_id: string }>(
        'select provider_customer_id from payment_setups where setup_intent_id = $1 and owner_uid = $2',
        [input.transactionId, user.uid],
      );
      if (!setup) throw notFound('The card setup');
      if (setup.provider_customer_id !== input.providerCustomerId) {
        throw new HttpError(400, 'providerCustomerId does not match this card setup.');
      }
      const intent = await provider.retrieveSetupIntent(input.transactionId);
      if (intent.status !== 'succeeded' || intent.paymentMethodId !== input.paymentMethodId) {
        throw new HttpError(400, PAYMENT_MESSAGES.setupNotConfirmed);
      }
      const card = await provider.retrieveCard(input.paymentMethodId);
      if (!card) throw new HttpError(400, PAYMENT_MESSAGES.setupNotConfirmed);
      const saved = await saveMethod(db, user.uid, card, now());
      await db.query('update payment_setups set customer_payment_method_id = $2 where setup_intent_id = $1', [input.transactionId, saved.customer_payment_method_id]);
      return saved;
    },
  };
}
