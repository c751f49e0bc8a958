/**
 * Browser pay on the reserve screen (spec 2 §2 payment method "browser-pay"), as on the ticket
 * screen: shown only when the browser can pay through the Payment Request API and the built-in
 * test processor takes the card it returns (Stripe would need its own button; hidden then). The
 * reservation is created (or the waiting one answered) when the driver pays, then paid through
 * the same idempotent path as a typed card.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { Payment } from '../../contract/payments';
import { buildBrowserPayRequest, isBrowserPayAvailable, requestBrowserCard } from '../../lib/browser-pay';
import { payWithNewCard, type PaymentAttempt } from '../../lib/card-payment-flow';
import { paymentFailureText } from '../../lib/card-validation';
import { emitPurchaseEvent, providerConfigQueryOptions } from '../../lib/payments-client';
import { useUpdateHold } from '../../lib/update-holds';
import { paymentErrorStatus } from '../../ui/card-payment-form';

type Props = { amount: number; label: string; prepare: () => Promise<string>; onSuccess: (payment: Payment) => void };

export function ReserveBrowserPay({ amount, label, prepare, onSuccess }: Props) {
  const provider = useQuery(providerConfigQueryOptions);
  const [isAvailable, setIsAvailable] = useState(false);
  const [error, setError] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);
  useUpdateHold('payment', isBusy);
  const attempt = useRef<PaymentAttempt>({ paymentId: null });
  useEffect(() => {
    let isCurrent = true;
    void isBrowserPayAvailable().then((value) => isCurrent && setIsAvailable(value));
    return () => {
      isCurrent = false;
    };
  }, []);
  if (!isAvailable || provider.data?.provider !== 'test-processor') return null;

  const pay = async () => {
    setError(undefined);
    setIsBusy(true);
    try {
      const card = await requestBrowserCard(buildBrowserPayRequest(amount, label));
      if (!card) return;
      try {
        const systemEntityId = await prepare();
        const payment = await payWithNewCard(systemEntityId, { kind: 'test-processor', details: card.details }, false, attempt.current);
        await card.complete(payment.status === 'succeeded' ? 'success' : 'fail');
        if (payment.status !== 'succeeded') return setError(paymentFailureText(payment.failureMessage));
        emitPurchaseEvent({ systemEntityId, paymentId: payment.paymentId, amount: payment.amount, currency: payment.currency, method: 'browser-pay' });
        onSuccess(payment);
      } catch (caught: unknown) {
        await card.complete('fail');
        throw caught;
      }
    } catch (caught: unknown) {
      setError(paymentErrorStatus(caught).message);
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <div className="reserve-card" data-testid="browser-pay">
      <button type="button" className="button reserve-submit" disabled={isBusy} onClick={() => void pay()}>Pay with Browser</button>
      {error && <p className="form-error" role="alert">{error}</p>}
    </div>
  );
}
