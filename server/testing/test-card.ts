/**
 * A saved card for API tests, made the way the app makes one: setup initialize, the built-in
 * processor's card and its confirm (what Stripe.js does in the browser), setup complete. The card
 * is 4242 4242 4242 4242, which the test processor always charges.
 */
import * as v from 'valibot';
import { paymentSetupSchema, savedPaymentMethodSchema } from '../../src/contract/payments.ts';
import type { TestApp } from './test-app.ts';

/** The new card's customerPaymentMethodId. */
export async function saveTestCard(t: Pick<TestApp, 'request'>, user: { idToken: string }, holder: { name: string; zip: string }): Promise<number> {
  const post = (path: string, json: unknown, token?: string) => t.request(`/payments/api${path}`, { method: 'POST', json, ...(token ? { token } : {}) });
  const setup = v.parse(paymentSetupSchema, await (await post('/payments/setup/initialize', { systemEntityId: null, paymentId: null }, user.idToken)).json());
  const card = (await (await post('/test-processor/payment-methods', { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123', ...holder })).json()) as { paymentMethodId: string };
  await post(`/test-processor/setup-intents/${setup.clientSecret}/confirm`, { paymentMethodId: card.paymentMethodId });
  const complete = await post('/payments/setup/complete', { transactionId: setup.transactionIntentId, providerCustomerId: setup.providerCustomerId, paymentMethodId: card.paymentMethodId }, user.idToken);
  return v.parse(savedPaymentMethodSchema, await complete.json()).customerPaymentMethodId;
}
