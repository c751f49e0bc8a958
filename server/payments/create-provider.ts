/**
 * Chooses the card processor at start: Stripe when STRIPE_SECRET_KEY is configured, otherwise the
 * built-in test processor. In production the test processor is refused (it must never take real
 * cards) unless PARKFAIR_ALLOW_TEST_PROCESSOR=true: the payment calls then answer 503 and the
 * reason is logged at start, rather than the whole server failing to boot.
 */
import type { Deps } from '../deps.ts';
import { observeProvider } from '../lib/log-provider.ts';
import type { PaymentProvider } from './provider.ts';
import { createStripeProvider } from './stripe-provider.ts';
import { assertTestProcessorAllowed, createTestProcessor, type TestProcessor } from './test-processor.ts';

export type ProviderChoice =
  | { provider: PaymentProvider; testProcessor: TestProcessor | undefined; refusal?: undefined }
  | { provider?: undefined; testProcessor?: undefined; refusal: string };

export function createPaymentProvider({ db, config, now }: Deps, env: NodeJS.ProcessEnv = process.env): ProviderChoice {
  if (config.stripeSecretKey) return { provider: observeProvider(createStripeProvider(config.stripeSecretKey)), testProcessor: undefined };
  try {
    assertTestProcessorAllowed(config.isProduction, env);
  } catch (error: unknown) {
    return { refusal: error instanceof Error ? error.message : String(error) };
  }
  const testProcessor = createTestProcessor(db, now);
  return { provider: observeProvider(testProcessor), testProcessor }; // calls logged and timed (server/lib/log-provider.ts)
}
