/**
 * Every call to the card processor on a log line (operation, outcome, time) under the id of the
 * request or job that made it, and in the provider latency histogram; refunds are counted by
 * outcome. Nothing the call carries is written: amounts and outcomes only, no customer, card or
 * intent ids (an intent's client secret is a credential).
 */
import type { PaymentProvider } from '../payments/provider.ts';
import { log } from './logger.ts';
import { countRefund, observeProviderCall } from './metrics.ts';

const OPERATIONS = new Set<string>([
  'createCustomer', 'createPaymentIntent', 'updatePaymentIntent', 'retrievePaymentIntent', 'findPaymentIntent', 'cancelPaymentIntent',
  'chargeSavedCard', 'createSetupIntent', 'retrieveSetupIntent', 'retrieveCard', 'detachCard', 'refund',
]);

/** `declined` for a refused card, the refund's status for a refund, `ok` otherwise. */
function outcomeOf(operation: string, result: unknown): string {
  if (operation === 'chargeSavedCard') return (result as { outcome: string }).outcome === 'succeeded' ? 'ok' : 'declined';
  if (operation === 'refund') return (result as { status: string }).status;
  return 'ok';
}

export function observeProvider<P extends PaymentProvider>(provider: P): P {
  return new Proxy(provider, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof property !== 'string' || !OPERATIONS.has(property) || typeof value !== 'function') return value;
      const operation = property;
      return async (...args: unknown[]) => {
        const started = performance.now();
        try {
          const result: unknown = await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
          const outcome = outcomeOf(operation, result);
          const ms = performance.now() - started;
          observeProviderCall(target.kind, operation, outcome === 'declined' ? 'declined' : 'ok', ms / 1000);
          if (operation === 'refund') countRefund(outcome);
          log.info({ provider: target.kind, operation, outcome, ms: Math.round(ms) }, 'payment provider call');
          return result;
        } catch (error: unknown) {
          const ms = performance.now() - started;
          observeProviderCall(target.kind, operation, 'error', ms / 1000);
          if (operation === 'refund') countRefund('error');
          log.warn({ provider: target.kind, operation, outcome: 'error', ms: Math.round(ms), err: error }, 'payment provider call failed');
          throw error;
        }
      };
    },
  });
}
