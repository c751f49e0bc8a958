/**
 * "Pay with Browser" (payment method "browser-pay": spec 2 §2 on the reserve screen, spec 3 §4 on
 * the ticket payment screen): shown only when the browser offers the Payment Request API and can
 * pay, and the built-in test processor takes the card the browser returns (with Stripe keys,
 * Stripe's own payment-request button would be needed; not built, so the option is hidden). The
 * card goes through the same idempotent payment path as a typed card. `systemEntityId` may be a
 * function, called once the driver has chosen a card: the reserve screen creates the reservation
 * (or answers the waiting one) only then.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { Payment } from '../contract/payments';
import { buildBrowserPayRequest, isBrowserPayAvailable, requestBrowserCard } from '../lib/browser-pay';
import { payWithNewCard, type NewCard, type PaymentAttempt } from '../lib/card-payment-flow';
import { paymentFailureText } from '../lib/card-validation';
import { emitPurchaseEvent, providerConfigQueryOptions } from '../lib/payments-client';
import { useUpdateHold } from '../lib/update-holds';
import { paymentErrorStatus } from './card-payment-form';

type Props = {
  /** Dollars, shown on the browser's payment sheet. */
  amount: number;
  systemEntityId: string | (() => Promise<string>);
  /** The line on the browser's payment sheet. */
  label: string;
  onSuccess: (payment: Payment) => void;
  /** The screen's own look: the block around the button, and the button. */
  className: string;
  buttonClassName: string;
  /** Pays the sheet's card another way than the signed-in path (a guest's ticket: features/tickets/guest-pay-api.ts). */
  payNewCard?: (systemEntityId: string, card: NewCard, attempt: PaymentAttempt) => Promise<Payment>;
};

export function BrowserPayButton({ amount, systemEntityId, label, onSuccess, className, buttonClassName, payNewCard }: Props) {
  const provider = useQuery(providerConfigQueryOptions);
  const [isAvailable, setIsAvailable] = useState(false);
  const [error, setError] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);
  // A payment in flight is never reloaded away by an update (src/lib/update-holds.ts).
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
        const entityId = typeof systemEntityId === 'string' ? systemEntityId : await systemEntityId();
        const newCard: NewCard = { kind: 'test-processor', details: card.details };
        const payment = await (payNewCard ? payNewCard(entityId, newCard, attempt.current) : payWithNewCard(entityId, newCard, false, attempt.current));
        await card.complete(payment.status === 'succeeded' ? 'success' : 'fail');
        if (payment.status !== 'succeeded') return setError(paymentFailureText(payment.failureMessage));
        emitPurchaseEvent({ systemEntityId: entityId, paymentId: payment.paymentId, amount: payment.amount, currency: payment.currency, method: 'browser-pay' });
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
    <div className={className} data-testid="browser-pay">
      <button type="button" className={buttonClassName} disabled={isBusy} onClick={() => void pay()}>
        Pay with Browser
      </button>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
