/**
 * The card processor in the browser. The ONLY module importing `@stripe/stripe-js` (through
 * `/pure`, so nothing is injected until a payment screen asks, and always behind a timeout: a
 * dropped connection never settles). Without Stripe keys the server's built-in test processor
 * stands in for Stripe.js under /payments/api/test-processor (tokenise, confirm), following
 * Stripe's test-mode rules. Either way the card number goes to the processor and nowhere else.
 */
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import type * as v from 'valibot';
import { providerConfigSchema, testIntentSchema, testPaymentMethodSchema } from '../contract/payments';
import { apiFetch } from './api-client';
import type { CardDetails } from './card-validation';
import { ApiError } from './errors';

export type ProviderConfig = v.InferOutput<typeof providerConfigSchema>;

const STRIPE_LOAD_TIMEOUT_MS = 10_000;

/** A processor refusal (402 from the test processor, an error object from Stripe.js). */
export class CardProcessorError extends Error {
  override readonly name = 'CardProcessorError';
  constructor(
    message: string,
    readonly code: string | undefined,
    /** 'card': the details were refused (shown as "Error: …"); 'payment': the charge failed (the provider's message). */
    readonly stage: 'card' | 'payment' = 'card',
  ) {
    super(message);
  }
}

export function fetchProviderConfig(signal?: AbortSignal): Promise<ProviderConfig> {
  return apiFetch('/payments/api/provider', { schema: providerConfigSchema, ...(signal ? { signal } : {}) });
}

function asProcessorError(error: unknown, stage: 'card' | 'payment' = 'card'): unknown {
  if (error instanceof ApiError && error.status === 402) return new CardProcessorError(error.message, undefined, stage);
  return error;
}

// ---------------------------------------------------------------- test processor (no keys)

/** Tokenises a card with the test processor: the answer's id plays Stripe's `pm_…`. */
export async function tokenizeTestCard(card: CardDetails): Promise<string> {
  try {
    const method = await apiFetch('/payments/api/test-processor/payment-methods', {
      method: 'POST',
      json: { number: card.number, expMonth: card.expMonth, expYear: card.expYear, cvc: card.cvc, name: card.name, zip: card.zip },
      schema: testPaymentMethodSchema,
    });
    return method.paymentMethodId;
  } catch (error: unknown) {
    throw asProcessorError(error);
  }
}

export async function confirmTestIntent(kind: 'payment' | 'setup', clientSecret: string, paymentMethodId: string): Promise<string> {
  try {
    const intent = await apiFetch(`/payments/api/test-processor/${kind}-intents/${encodeURIComponent(clientSecret)}/confirm`, {
      method: 'POST',
      json: { paymentMethodId },
      schema: testIntentSchema,
    });
    return intent.paymentMethodId ?? paymentMethodId;
  } catch (error: unknown) {
    throw asProcessorError(error, kind === 'payment' ? 'payment' : 'card');
  }
}

// ---------------------------------------------------------------- Stripe (keys configured)

let stripePromise: Promise<Stripe> | undefined;

/** Loads Stripe.js once, on a payment screen only; rejects after 10 s instead of hanging. */
export function loadStripeLazily(publishableKey: string): Promise<Stripe> {
  stripePromise ??= (async () => {
    const { loadStripe } = await import('@stripe/stripe-js/pure');
    const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('Failed to load Stripe.js')), STRIPE_LOAD_TIMEOUT_MS));
    const stripe = await Promise.race([loadStripe(publishableKey), timeout]);
    if (!stripe) throw new Error('Failed to load Stripe.js');
    return stripe;
  })();
  stripePromise.catch(() => (stripePromise = undefined));
  return stripePromise;
}

export type StripeCardHandle = { stripe: Stripe; element: StripeCardElement; destroy: () => void };

/** Mounts Stripe's card element (number, expiry, CVC in Stripe's iframe) into `container`. */
export async function mountStripeCard(publishableKey: string, container: HTMLElement): Promise<StripeCardHandle> {
  const stripe = await loadStripeLazily(publishableKey);
  const element = stripe.elements().create('card', { hidePostalCode: true, style: { base: { fontSize: '16px' } } });
  element.mount(container);
  return { stripe, element, destroy: () => element.destroy() };
}

type Billing = { name: string; zip: string };

export async function confirmStripeIntent(kind: 'payment' | 'setup', handle: StripeCardHandle, clientSecret: string, billing: Billing): Promise<string> {
  const payment_method = { card: handle.element, billing_details: { name: billing.name, address: { postal_code: billing.zip } } };
  const result =
    kind === 'payment'
      ? await handle.stripe.confirmCardPayment(clientSecret, { payment_method })
      : await handle.stripe.confirmCardSetup(clientSecret, { payment_method });
  if (result.error) throw new CardProcessorError(result.error.message ?? '', result.error.code, result.error.type === 'card_error' && kind === 'payment' ? 'payment' : 'card');
  const intent = 'paymentIntent' in result ? result.paymentIntent : result.setupIntent;
  const method = intent?.payment_method;
  return typeof method === 'string' ? method : (method?.id ?? '');
}
