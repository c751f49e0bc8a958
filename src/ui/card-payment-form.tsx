/**
 * The shared card form (spec 2 §2 "Payment method modal", §4 "Payment states" / "Card
 * enrollment", §5 "Card"; spec 3 §4, §8, §9). Two exports over the same fields:
 * - `CardPaymentForm` pays `amount` for `systemEntityId` (the server prices it; `amount` is for
 *   the "Pay $" label) with a saved card (the first, default, one preselected) or a new card, with
 *   the save-card toggle (off by default) when `allowSave`;
 * - `CardSetupForm` enrolls a new card without paying (card on file for pay-at-exit).
 * States: idle → loading → success | error. A purchase analytics event is sent on success.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { Payment, SavedPaymentMethod } from '../contract/payments';
import { enrollCard, payWithNewCard, payWithSavedCard, type NewCard, type PaymentAttempt } from '../lib/card-payment-flow';
import {
  CARD_MESSAGES, cardErrorText, formatCardNumber, formatExpiry, paymentFailureText, payButtonLabel, validateCardForm, withErrorPrefix,
  type CardField, type CardFormErrors, type CardFormValues,
} from '../lib/card-validation';
import { ApiError, getErrorMessage, NetworkError } from '../lib/errors';
import { emitPurchaseEvent, providerConfigQueryOptions, savedPaymentMethodsQueryOptions } from '../lib/payments-client';
import { CardProcessorError, mountStripeCard, type StripeCardHandle } from '../lib/stripe';
import { useUpdateHold } from '../lib/update-holds';
import './card-payment-form.css';

const NEW_CARD = 'cc';
const NETWORK_TITLE = 'Network Problem';

type Status = { name: 'idle' } | { name: 'loading' } | { name: 'success' } | { name: 'error'; title?: string; message: string };

/** Any failure of a card flow → the text the driver sees (spec 2 §8, spec 3 §8). */
export function paymentErrorStatus(error: unknown): Extract<Status, { name: 'error' }> {
  if (error instanceof NetworkError) return { name: 'error', title: NETWORK_TITLE, message: error.message };
  if (error instanceof CardProcessorError) {
    return { name: 'error', message: error.stage === 'payment' ? paymentFailureText(error.message) : cardErrorText(error.code, error.message) };
  }
  if (error instanceof ApiError) return { name: 'error', message: error.status === 402 || error.status >= 500 ? paymentFailureText(error.status === 402 ? error.message : null) : error.message };
  if (getErrorMessage(error) === 'Failed to load Stripe.js') return { name: 'error', message: CARD_MESSAGES.paymentFormMissing };
  return { name: 'error', message: paymentFailureText(null) };
}

function cardLabel(method: SavedPaymentMethod): string {
  const brand = method.paymentMethodName === 'unknown' ? 'Card' : method.paymentMethodName.toUpperCase();
  return `${brand} ending in ${method.paymentMethodLast4} (exp. ${String(method.paymentMethodExpiryMonth).padStart(2, '0')}/${String(method.paymentMethodExpiryYear).slice(-2)})`;
}

/** Number/expiry/CVC for the test processor, or Stripe's card element when Stripe is configured. */
function useNewCardInput(publishableKey: string | null | undefined, isShown: boolean) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [handle, setHandle] = useState<StripeCardHandle>();
  const [loadError, setLoadError] = useState<string>();
  useEffect(() => {
    if (!publishableKey || !isShown || !containerRef.current) return undefined;
    let mounted: StripeCardHandle | undefined;
    let isCancelled = false;
    mountStripeCard(publishableKey, containerRef.current).then(
      (value) => (isCancelled ? value.destroy() : ((mounted = value), setHandle(value))),
      () => setLoadError(CARD_MESSAGES.paymentFormMissing),
    );
    return () => {
      isCancelled = true;
      mounted?.destroy();
    };
  }, [publishableKey, isShown]);
  return { containerRef, handle, loadError };
}

type FieldsProps = { values: CardFormValues; errors: CardFormErrors; onChange: (field: CardField, value: string) => void; stripeSlot: ReactNode };

function CardFields({ values, errors, onChange, stripeSlot }: FieldsProps) {
  const id = useId();
  const field = (name: CardField, label: string, extra: React.InputHTMLAttributes<HTMLInputElement>) => (
    <div className="card-form__field">
      <label htmlFor={`${id}-${name}`}>{label} *</label>
      <input
        id={`${id}-${name}`}
        name={name}
        value={values[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        onChange={(event) => onChange(name, event.target.value)}
        {...extra}
      />
      {errors[name] && (
        <p className="form-error" id={`${id}-${name}-error`}>
          {withErrorPrefix(errors[name])}
        </p>
      )}
    </div>
  );
  return (
    <div className="card-form__fields">
      {field('name', 'Name on card', { autoComplete: 'cc-name' })}
      {stripeSlot ?? (
        <>
          {field('number', 'Card number', { autoComplete: 'cc-number', inputMode: 'numeric', placeholder: '1234 1234 1234 1234' })}
          <div className="card-form__row">
            {field('expiry', 'Expiry date', { autoComplete: 'cc-exp', inputMode: 'numeric', placeholder: 'MM / YY' })}
            {field('cvc', 'CVC', { autoComplete: 'cc-csc', inputMode: 'numeric', maxLength: 4 })}
          </div>
        </>
      )}
      {field('zip', 'ZIP Code', { autoComplete: 'postal-code', inputMode: 'numeric', maxLength: 10 })}
    </div>
  );
}

function formatField(field: CardField, value: string): string {
  if (field === 'number') return formatCardNumber(value);
  if (field === 'expiry') return formatExpiry(value);
  if (field === 'cvc') return value.replace(/\D/g, '').slice(0, 4);
  return value;
}

/**
 * Fields, validation and the new-card value for either processor. `onEdit` runs on every change,
 * so the form can clear a refusal that was about the card before the edit.
 */
function useNewCardForm(defaultName: string, isShown: boolean, onEdit: () => void) {
  const provider = useQuery(providerConfigQueryOptions);
  const publishableKey = provider.data?.provider === 'stripe' ? provider.data.publishableKey : null;
  const stripe = useNewCardInput(publishableKey, isShown);
  const [values, setValues] = useState<CardFormValues>({ name: defaultName, zip: '', number: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<CardFormErrors>({});
  const onChange = (field: CardField, value: string) => {
    setValues((current) => ({ ...current, [field]: formatField(field, value) }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    onEdit();
  };
  /** The card to send, or undefined after showing the field errors. */
  const readCard = (): NewCard | undefined => {
    if (publishableKey) {
      const missing: CardFormErrors = {};
      if (!values.name.trim()) missing.name = CARD_MESSAGES.nameRequired;
      if (!values.zip.trim()) missing.zip = CARD_MESSAGES.zipRequired;
      setErrors(missing);
      if (Object.keys(missing).length > 0 || !stripe.handle) return undefined;
      return { kind: 'stripe', handle: stripe.handle, name: values.name.trim(), zip: values.zip.trim() };
    }
    const { errors: found, details } = validateCardForm(values, new Date());
    setErrors(found);
    return details ? { kind: 'test-processor', details } : undefined;
  };
  const stripeSlot = publishableKey ? (
    <div className="card-form__field">
      <span>Card details *</span>
      <div className="card-form__stripe" ref={stripe.containerRef} />
      {stripe.loadError && <p className="form-error">{stripe.loadError}</p>}
    </div>
  ) : null;
  const fields = <CardFields values={values} errors={errors} onChange={onChange} stripeSlot={stripeSlot} />;
  return { fields, readCard, isProviderReady: provider.isSuccess, providerError: provider.error };
}

/**
 * Issue 38 item 11: an error must reach a screen-reader user whose focus is on Pay. Field errors
 * move focus to the first invalid field (its label, "invalid" and the message are read); a refusal
 * of the card moves it to the alert itself.
 */
function focusFirstInvalid(form: HTMLFormElement | null) {
  // After React has drawn the errors (aria-invalid is set in the same commit).
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

function StatusMessage({ status }: { status: Status }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (status.name === 'error') ref.current?.focus();
  }, [status]);
  if (status.name !== 'error') return null;
  return (
    <div ref={ref} tabIndex={-1} className="notice notice--alert card-form__alert" role="alert">
      {status.title && <strong>{status.title}</strong>}
      <p>{status.message}</p>
    </div>
  );
}

export type CardPaymentFormProps = {
  /** Dollars, for the "Pay $" label only: the server prices `systemEntityId`. */
  amount: number;
  /**
   * "<kind>:<id>", e.g. "ticket:ABC1234"; or a function answering it at the first payment attempt
   * (a reservation is created then, and the same one answered on every retry).
   */
  systemEntityId: string | (() => Promise<string>);
  onSuccess: (payment: Payment) => void;
  /** Shows the save-card toggle for a new card (off by default). */
  allowSave?: boolean;
  /** The card name defaults to the user's display name. */
  defaultName?: string;
  title?: string;
  /**
   * Pays a new card some other way than the signed-in `payments/initialize` (a guest paying a
   * paper ticket: src/features/tickets/guest-pay-api.ts). Saved cards are then neither loaded nor offered.
   */
  payNewCard?: (systemEntityId: string, card: NewCard, attempt: PaymentAttempt) => Promise<Payment>;
};

export function CardPaymentForm({ amount, systemEntityId, onSuccess, allowSave = true, defaultName = '', title = 'Payment Details', payNewCard }: CardPaymentFormProps) {
  const methods = useQuery({ ...savedPaymentMethodsQueryOptions, enabled: !payNewCard });
  const saved = (payNewCard ? undefined : methods.data) ?? [];
  const [choice, setChoice] = useState<string>();
  const selected = choice ?? (saved[0] ? String(saved[0].customerPaymentMethodId) : NEW_CARD);
  const isNewCard = selected === NEW_CARD;
  const [status, setStatus] = useState<Status>({ name: 'idle' });
  // "Declined" was about the card before: another card or an edited one starts clean.
  const clearRefusal = () => setStatus((current) => (current.name === 'error' ? { name: 'idle' } : current));
  // Typing a new card pins the choice: saved cards that load a moment later must not swap the
  // typed fields away (nothing typed is lost).
  const card = useNewCardForm(defaultName, isNewCard, () => (clearRefusal(), setChoice((current) => current ?? NEW_CARD)));
  const [shouldSave, setShouldSave] = useState(false);
  const attempt = useRef<PaymentAttempt>({ paymentId: null });
  const isBusy = useRef(false);
  const groupName = useId();
  const formRef = useRef<HTMLFormElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isBusy.current) return;
    const method = saved.find((item) => String(item.customerPaymentMethodId) === selected);
    const newCard = isNewCard ? card.readCard() : undefined;
    if (!method && !newCard) return focusFirstInvalid(formRef.current);
    isBusy.current = true;
    setStatus({ name: 'loading' });
    try {
      const entityId = typeof systemEntityId === 'string' ? systemEntityId : await systemEntityId();
      const payment = method
        ? await payWithSavedCard(entityId, method, attempt.current)
        : payNewCard
          ? await payNewCard(entityId, newCard as NewCard, attempt.current)
          : await payWithNewCard(entityId, newCard as NewCard, allowSave && shouldSave, attempt.current);
      if (payment.status !== 'succeeded') {
        setStatus({ name: 'error', message: paymentFailureText(payment.failureMessage) });
        return;
      }
      setStatus({ name: 'success' });
      emitPurchaseEvent({ systemEntityId: payment.systemEntityId, paymentId: payment.paymentId, amount: payment.amount, currency: payment.currency, method: method ? 'saved_cc' : 'cc' });
      if (!method && shouldSave) void methods.refetch();
      onSuccess(payment);
    } catch (error: unknown) {
      setStatus(paymentErrorStatus(error));
    } finally {
      isBusy.current = false;
    }
  };

  const isLoading = status.name === 'loading';
  // A payment in flight must not be reloaded away by an update (src/lib/update-holds.ts).
  useUpdateHold('payment', isLoading);
  return (
    <form ref={formRef} className="card-form" onSubmit={submit} noValidate aria-busy={isLoading}>
      <h2 className="card-form__title">{title}</h2>
      {saved.length > 0 && (
        <fieldset className="card-form__methods">
          <legend>Payment method</legend>
          {saved.map((item) => (
            <label key={item.customerPaymentMethodId} className="card-form__method">
              <input type="radio" name={groupName} value={item.customerPaymentMethodId} checked={selected === String(item.customerPaymentMethodId)} onChange={(e) => (setChoice(e.target.value), clearRefusal())} />
              {cardLabel(item)}
            </label>
          ))}
          <label className="card-form__method">
            <input type="radio" name={groupName} value={NEW_CARD} checked={isNewCard} onChange={() => (setChoice(NEW_CARD), clearRefusal())} />
            New credit card
          </label>
        </fieldset>
      )}
      {isNewCard && card.fields}
      {isNewCard && allowSave && (
        <label className="card-form__toggle">
          <input type="checkbox" role="switch" checked={shouldSave} onChange={(event) => setShouldSave(event.target.checked)} />
          {CARD_MESSAGES.saveCardLabel}
        </label>
      )}
      {card.providerError && isNewCard && <p className="form-error">{CARD_MESSAGES.paymentFormMissing}</p>}
      <StatusMessage status={status} />
      <button type="submit" className="button card-form__submit" disabled={isLoading || status.name === 'success' || (isNewCard && !card.isProviderReady)}>
        {isLoading ? 'Processing...' : payButtonLabel(amount)}
      </button>
    </form>
  );
}

export type CardSetupFormProps = {
  onSuccess: (method: SavedPaymentMethod) => void;
  defaultName?: string;
  title?: string;
  submitLabel?: string;
};

/** Card enrollment: loading, ready, submitting, success or error (spec 2 §4). */
export function CardSetupForm({ onSuccess, defaultName = '', title = 'Payment Details', submitLabel = 'Save Card' }: CardSetupFormProps) {
  const [status, setStatus] = useState<Status>({ name: 'idle' });
  const card = useNewCardForm(defaultName, true, () => setStatus((current) => (current.name === 'error' ? { name: 'idle' } : current)));
  const methods = useQuery(savedPaymentMethodsQueryOptions);
  useUpdateHold('payment', status.name === 'loading');
  const isBusy = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const newCard = card.readCard();
    if (!newCard) return focusFirstInvalid(formRef.current);
    if (isBusy.current) return;
    isBusy.current = true;
    setStatus({ name: 'loading' });
    try {
      const method = await enrollCard(newCard);
      setStatus({ name: 'success' });
      void methods.refetch();
      onSuccess(method);
    } catch (error: unknown) {
      setStatus(paymentErrorStatus(error));
    } finally {
      isBusy.current = false;
    }
  };
  return (
    <form ref={formRef} className="card-form" onSubmit={submit} noValidate aria-busy={status.name === 'loading'}>
      <h2 className="card-form__title">{title}</h2>
      {card.fields}
      <StatusMessage status={status} />
      <button type="submit" className="button card-form__submit" disabled={status.name === 'loading' || !card.isProviderReady}>
        {status.name === 'loading' ? 'Saving...' : submitLabel}
      </button>
    </form>
  );
}
