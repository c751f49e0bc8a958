/**
 * The two card flows behind the shared card form, free of React so their order is readable in one
 * place: pay (saved card or new card) and enroll (save a card without paying). The processor half
 * is the test processor or Stripe.js (src/lib/stripe.ts), chosen by GET /payments/api/provider.
 */
import type { Payment, SavedPaymentMethod } from '../contract/payments';
import type { CardDetails } from './card-validation';
import {
  chargeSavedMethod, completeSetup, initializePayment, initializeSetup, newIdempotencyKey, waitForPayment,
} from './payments-client';
import { confirmStripeIntent, confirmTestIntent, tokenizeTestCard, type StripeCardHandle } from './stripe';

/** A new card as the form holds it: raw details (test processor) or Stripe's mounted element. */
export type NewCard = { kind: 'test-processor'; details: CardDetails } | { kind: 'stripe'; handle: StripeCardHandle; name: string; zip: string };

/** Kept across attempts of one form: the payment id of an earlier attempt continues it. */
export type PaymentAttempt = { paymentId: number | null };

async function confirmNewCard(kind: 'payment' | 'setup', card: NewCard, clientSecret: string, tokenized?: string): Promise<string> {
  if (card.kind === 'stripe') return confirmStripeIntent(kind, card.handle, clientSecret, { name: card.name, zip: card.zip });
  return confirmTestIntent(kind, clientSecret, tokenized ?? (await tokenizeTestCard(card.details)));
}

export async function payWithSavedCard(systemEntityId: string, method: SavedPaymentMethod, attempt: PaymentAttempt): Promise<Payment> {
  const payment = await chargeSavedMethod(method.customerPaymentMethodId, { systemEntityId, paymentId: attempt.paymentId }, newIdempotencyKey());
  attempt.paymentId = payment.paymentId;
  return payment;
}

export async function payWithNewCard(systemEntityId: string, card: NewCard, savePaymentMethod: boolean, attempt: PaymentAttempt): Promise<Payment> {
  // The test processor tokenises first, so a refused card never opens a payment.
  const tokenized = card.kind === 'test-processor' ? await tokenizeTestCard(card.details) : undefined;
  const { paymentId, clientSecret } = await initializePayment({ systemEntityId, paymentId: attempt.paymentId, savePaymentMethod }, newIdempotencyKey());
  attempt.paymentId = paymentId;
  await confirmNewCard('payment', card, clientSecret, tokenized);
  return waitForPayment(paymentId);
}

export async function enrollCard(card: NewCard): Promise<SavedPaymentMethod> {
  const tokenized = card.kind === 'test-processor' ? await tokenizeTestCard(card.details) : undefined;
  const setup = await initializeSetup(newIdempotencyKey());
  const paymentMethodId = await confirmNewCard('setup', card, setup.clientSecret, tokenized);
  return completeSetup({ transactionId: setup.transactionIntentId, providerCustomerId: setup.providerCustomerId, paymentMethodId }, newIdempotencyKey());
}
