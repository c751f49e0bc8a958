/**
 * /monthly-transition/{locationNumber} (spec 3, signed in): a monthly customer of the old system
 * moves their access card to this account. Access card, phone, email (twice), the registration
 * form and a card (saved, or a new one saved here) — then a thank-you, and the contract is in My
 * Account. A location number that names no garage shows the invalid-URL message; an access card
 * already moved is refused by the server with a clear message.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import {
  checkTransition, EMPTY_REGISTRATION_FORM, TRANSITION_MESSAGES, type RegistrationForm, type TransitionBody, type TransitionErrors,
} from '../../contract/monthly-transition';
import { getErrorMessage } from '../../lib/errors';
import { monthlyContractsQueryOptions } from '../../lib/monthly-contracts';
import { savedPaymentMethodsQueryOptions } from '../../lib/payments-client';
import { useSession } from '../../lib/session';
import { CardSetupForm } from '../../ui/card-payment-form';
import { RegistrationFields, withOwnerFromCustomer } from './registration-fields';
import { sendTransition, transitionGarageQueryOptions } from './transition-api';
import './transition.css';

export const TRANSITION_TITLE = 'Monthly Account Transition';
const NEW_CARD = 'new';

export function TransitionPage({ locationNumber }: { locationNumber: string }) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const garage = useQuery(transitionGarageQueryOptions(locationNumber));
  const methods = useQuery(savedPaymentMethodsQueryOptions);
  const [accessCard, setAccessCard] = useState('');
  const [phone, setPhone] = useState(user?.phoneNumber ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [emailConfirmation, setEmailConfirmation] = useState('');
  const [form, setForm] = useState<RegistrationForm>(EMPTY_REGISTRATION_FORM);
  const [isOwnerSame, setIsOwnerSame] = useState(true);
  const [cardChoice, setCardChoice] = useState<string | undefined>();
  const [errors, setErrors] = useState<TransitionErrors>({});
  const [isSummaryShown, setIsSummaryShown] = useState(false);
  const send = useMutation({
    mutationFn: sendTransition,
    // The new contract shows in My Account › Reservations.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: monthlyContractsQueryOptions.queryKey }),
  });

  if (garage.isPending) return <div className="page page--narrow" role="status">Loading...</div>;
  if (garage.isError) return <section className="page page--narrow" role="alert"><h1>{TRANSITION_TITLE}</h1><p>{getErrorMessage(garage.error)}</p></section>;
  if (garage.data === null) {
    return (
      <section className="page page--narrow" role="alert">
        <h1>{TRANSITION_TITLE}</h1>
        <p>{TRANSITION_MESSAGES.invalidUrl}</p>
      </section>
    );
  }
  if (send.isSuccess) {
    return (
      <section className="page page--narrow transition-thanks" role="status">
        <h1>{TRANSITION_TITLE}</h1>
        <p>{send.data.message}</p>
        <p>Access card {accessCard.trim()} at {garage.data.address1} · billed to your card from {new Date(send.data.startUtc).toLocaleDateString('en-US', { timeZone: 'America/New_York', month: 'long', day: 'numeric', year: 'numeric' })}.</p>
        <Link className="button" to="/my-account/reservations">Go to My Account</Link>
      </section>
    );
  }

  const place = garage.data;
  const savedCards = methods.data ?? [];
  const chosenCard = cardChoice ?? (savedCards[0] ? String(savedCards[0].customerPaymentMethodId) : NEW_CARD);
  const body = (): TransitionBody => ({
    locationId: place.locationId,
    customerPaymentMethodId: chosenCard === NEW_CARD ? null : Number(chosenCard),
    secomPhoneNumber: phone,
    secomAccessCardNumber: accessCard,
    transitionEmailAddress: email,
    form: isOwnerSame ? withOwnerFromCustomer(form) : form,
  });
  const submit = () => {
    const found = checkTransition(body(), emailConfirmation);
    setErrors(found);
    setIsSummaryShown(Object.keys(found).length > 0);
    if (Object.keys(found).length === 0) send.mutate(body());
    else requestAnimationFrame(() => document.querySelector<HTMLElement>('.transition-page [aria-invalid="true"]')?.focus());
  };
  const fieldError = (message: string | undefined) => (message ? <p className="form-error">{`Error: ${message}`}</p> : null);
  const text = (id: string, label: string, value: string, onChange: (value: string) => void, error: string | undefined, extra: Record<string, string> = {}) => (
    <div className="transition-form__field">
      <label htmlFor={id}>{label} *</label>
      <input id={id} value={value} aria-invalid={error ? true : undefined} onChange={(event) => onChange(event.target.value)} {...extra} />
      {fieldError(error)}
    </div>
  );

  return (
    <section className="page page--narrow transition-page">
      <h1>{TRANSITION_TITLE}</h1>
      <p>Move your monthly parking at <strong>{place.locationNumber} · {place.address1}</strong> to your online account.</p>
      <fieldset className="transition-form__group">
        <legend>Your Monthly Account</legend>
        {text('transition-card', 'Access Card Number (4 digits)', accessCard, (value) => setAccessCard(value.replace(/\D/g, '').slice(0, 4)), errors.secomAccessCardNumber, { inputMode: 'numeric', autoComplete: 'off' })}
        {text('transition-phone', 'Phone Number', phone, setPhone, errors.secomPhoneNumber, { type: 'tel', autoComplete: 'tel' })}
        {text('transition-email', 'Email Address', email, setEmail, errors.transitionEmailAddress, { type: 'email', autoComplete: 'email' })}
        {text('transition-email-confirmation', 'Confirm Email Address', emailConfirmation, setEmailConfirmation, errors.emailConfirmation, { type: 'email', autoComplete: 'email' })}
      </fieldset>
      <RegistrationFields
        form={form}
        errors={errors.form ?? {}}
        isOwnerSame={isOwnerSame}
        onOwnerSameChange={setIsOwnerSame}
        onChange={(field, value) => setForm((current) => ({ ...current, [field]: value }))}
      />
      <fieldset className="transition-form__group">
        <legend>Payment Card</legend>
        <p className="transition-form__wide">Your monthly fee is charged to this card from the 1st of next month.</p>
        {savedCards.map((method) => (
          <label className="choice-row transition-form__wide" key={method.customerPaymentMethodId}>
            <input type="radio" name="transition-card-choice" checked={chosenCard === String(method.customerPaymentMethodId)} onChange={() => setCardChoice(String(method.customerPaymentMethodId))} />
            {method.paymentMethodName} ending {method.paymentMethodLast4} · {String(method.paymentMethodExpiryMonth).padStart(2, '0')}/{method.paymentMethodExpiryYear}
          </label>
        ))}
        <label className="choice-row transition-form__wide">
          <input type="radio" name="transition-card-choice" checked={chosenCard === NEW_CARD} onChange={() => setCardChoice(NEW_CARD)} />
          A new card
        </label>
        {fieldError(errors.customerPaymentMethodId)}
      </fieldset>
      {chosenCard === NEW_CARD && (
        <CardSetupForm defaultName={user?.displayName ?? ''} submitLabel="Save Card" onSuccess={(method) => setCardChoice(String(method.customerPaymentMethodId))} />
      )}
      {isSummaryShown && <p className="form-error" role="alert">{`Error: ${TRANSITION_MESSAGES.formInvalid}`}</p>}
      {send.isError && <p className="form-error" role="alert">{getErrorMessage(send.error)}</p>}
      <button type="button" className="button transition-page__submit" disabled={send.isPending} onClick={submit}>
        {send.isPending ? 'Please wait...' : 'Submit'}
      </button>
    </section>
  );
}
