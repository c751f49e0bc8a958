/**
 * The browser half of the built-in test processor, standing in for Stripe.js when no Stripe keys
 * are configured: tokenise a card (the number goes here and nowhere else, and is not stored) and
 * confirm a payment or setup intent with its client secret. Like Stripe.js these calls need no
 * bearer token: the client secret is the capability. Card errors are 402 `{ message, code }`
 * with Stripe's texts.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { testCardBodySchema, testConfirmBodySchema } from '../../src/contract/payments.ts';
import { validate } from '../lib/validate.ts';
import type { TestProcessor } from './test-processor.ts';

const clientSecretParam = v.object({
  clientSecret: v.pipe(v.string(), v.regex(/^(pi|seti)_test_[0-9a-f]{24}_secret_[0-9a-f]{32}$/, 'is not a client secret of the test processor')),
});

/**
 * `onPaymentIntentChanged` plays the part of Stripe's webhook: the payments service brings its
 * own record up to date at once instead of waiting for the client's status poll.
 */
export function createTestProcessorApi(processor: TestProcessor, onPaymentIntentChanged: (intentId: string) => Promise<void>) {
  return new Hono()
    .post('/payment-methods', validate('json', testCardBodySchema), async (c) => {
      const result = await processor.createPaymentMethod(c.req.valid('json'));
      if ('error' in result) return c.json(result.error, 402);
      const { paymentMethodId, brand, last4, expMonth, expYear } = result.card;
      return c.json({ paymentMethodId, brand, last4, expMonth, expYear });
    })
    .post('/payment-intents/:clientSecret/confirm', validate('param', clientSecretParam), validate('json', testConfirmBodySchema), async (c) => {
      const result = await processor.confirmPaymentIntent(c.req.valid('param').clientSecret, c.req.valid('json').paymentMethodId);
      const intentId = result.ok ? result.intent.intentId : result.intent?.intentId;
      if (intentId) await onPaymentIntentChanged(intentId);
      if (!result.ok) return c.json(result.error, result.status);
      return c.json({ id: result.intent.intentId, status: result.intent.status, paymentMethodId: result.intent.paymentMethodId });
    })
    .post('/setup-intents/:clientSecret/confirm', validate('param', clientSecretParam), validate('json', testConfirmBodySchema), async (c) => {
      const result = await processor.confirmSetupIntent(c.req.valid('param').clientSecret, c.req.valid('json').paymentMethodId);
      if (!result.ok) return c.json(result.error, result.status);
      return c.json({ id: result.intent.intentId, status: result.intent.status, paymentMethodId: result.intent.paymentMethodId });
    });
}
