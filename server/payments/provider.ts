/**
 * The card processor behind /payments/api, shaped after Stripe's objects so that Stripe and the
 * built-in test processor are interchangeable:
 * - a provider customer per ParkFair user holds saved cards (payment methods);
 * - a payment intent is one attempt to take one amount; it succeeds at most once, which is the
 *   processor-side half of "never charged twice" (the database holds the other half);
 * - a setup intent enrols a card for later charges without taking money.
 * The browser confirms intents with the client secret (Stripe.js, or the test processor's
 * stand-in endpoints); the server confirms saved-card charges itself (off-session).
 * Every amount is integer cents in USD.
 */
import type { CardBrand, CardError } from './test-cards.ts';

export type ProviderKind = 'test-processor' | 'stripe';

export type IntentStatus = 'requires_payment_method' | 'processing' | 'succeeded' | 'canceled';

export type ProviderPaymentIntent = {
  intentId: string;
  clientSecret: string;
  status: IntentStatus;
  amountCents: number;
  /** The card used by the last confirmation, if any. */
  paymentMethodId: string | null;
  /** Why the last confirmation failed (the intent then waits for another card). */
  lastError: CardError | null;
};

export type ProviderSetupIntent = {
  intentId: string;
  clientSecret: string;
  status: 'requires_payment_method' | 'succeeded' | 'canceled';
  customerId: string;
  paymentMethodId: string | null;
};

export type ProviderCard = {
  paymentMethodId: string;
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  customerId: string | null;
};

export type ChargeResult =
  | { outcome: 'succeeded'; intentId: string }
  | { outcome: 'declined'; intentId: string | null; error: CardError };

export interface PaymentProvider {
  readonly kind: ProviderKind;
  createCustomer(input: { uid: string; email: string | undefined }): Promise<string>;
  /**
   * A new intent for the browser to confirm. `idempotencyKey` makes a repeated call (after a lost
   * response) return the same intent instead of a second one.
   */
  createPaymentIntent(input: {
    amountCents: number;
    customerId: string;
    savePaymentMethod: boolean;
    description: string;
    idempotencyKey: string;
  }): Promise<ProviderPaymentIntent>;
  /** Only while the intent still waits for a card (a ticket's amount grows with time). */
  updatePaymentIntent(intentId: string, input: { amountCents: number; savePaymentMethod: boolean }): Promise<ProviderPaymentIntent>;
  retrievePaymentIntent(intentId: string): Promise<ProviderPaymentIntent>;
  /**
   * The intent created under `idempotencyKey`, if any: after a crash between creating an intent
   * and recording its id, start-up reconciliation finds it this way (reconcile.ts).
   */
  findPaymentIntent(idempotencyKey: string): Promise<ProviderPaymentIntent | undefined>;
  /** Cancels an intent that has not succeeded; answers the intent as it now is (maybe succeeded). */
  cancelPaymentIntent(intentId: string): Promise<ProviderPaymentIntent>;
  /**
   * Charges a saved card off-session: confirms `intentId` when given (the payment service creates
   * and records the intent first, so no charge can exist without its record), otherwise creates
   * and confirms a new one under `idempotencyKey`.
   */
  chargeSavedCard(input: {
    amountCents: number;
    customerId: string;
    paymentMethodId: string;
    description: string;
    idempotencyKey: string;
    intentId: string | null;
  }): Promise<ChargeResult>;
  createSetupIntent(input: { customerId: string; idempotencyKey: string }): Promise<ProviderSetupIntent>;
  retrieveSetupIntent(intentId: string): Promise<ProviderSetupIntent>;
  retrieveCard(paymentMethodId: string): Promise<ProviderCard | undefined>;
  detachCard(paymentMethodId: string): Promise<void>;
  /**
   * Gives back `amountCents` of a succeeded intent (a cancelled reservation). `idempotencyKey`
   * makes a repeated call (after a lost answer or a crash) answer the same refund, never a second.
   */
  refund(input: { intentId: string; amountCents: number; idempotencyKey: string }): Promise<ProviderRefund>;
}

export type ProviderRefund = { refundId: string; status: 'succeeded' | 'pending' | 'failed'; amountCents: number };

/** The processor could not be reached or answered unexpectedly: not the customer's fault. */
export class ProviderUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderUnavailableError';
  }
}
