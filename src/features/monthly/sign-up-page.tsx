/**
 * Monthly sign-up (spec 2 §4 "Monthly sign-up", §2 "Monthly reservation page"): start date within
 * the maximum advance, oversized toggle, a rate from monthly-rates/search with the breakdown of
 * monthly-rates/calculate (business, multiple vehicle passes, oversized, tax exempt, Manhattan
 * resident), promo code, the licence in a modal with I Agree, the registration form; then the
 * reservation is created, its contract fetched, and the first month paid (prorated value plus
 * the service fee) — or, when that is 0, a card attached. The reservation is kept once created:
 * the choices lock, and retries go on with the same reservation (the server also answers the
 * same one for the same rate instance), so one sign-up is one contract and one charge.
 * Garages outside the ticket system take a contact form and go to the confirmation page.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Suspense, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { locationSchema } from '../../contract/locations';
import { type MonthlyContract, monthlyContractSchema } from '../../contract/monthly-contracts';
import {
  checkMonthlyForm, MONTHLY_SIGN_UP_MESSAGES, type MonthlyForm, type MonthlyFormErrors, type MonthlyReservation,
} from '../../contract/monthly-reservations';
import { type MonthlyCalculation, monthlyCalculationSchema, monthlyRateListSchema } from '../../contract/rates';
import { apiFetch } from '../../lib/api-client';
import { getErrorMessage } from '../../lib/errors';
import { monthlyContractsQueryOptions } from '../../lib/monthly-contracts';
import { newIdempotencyKey } from '../../lib/payments-client';
import { useSession } from '../../lib/session';
import { vehiclesQueryOptions } from '../../lib/vehicles-api';
import { BusyButton } from '../../ui/busy-button';
import { CardPaymentForm, CardSetupForm } from '../../ui/card-payment-form';
import { ModalDialog } from '../../ui/modal-dialog';
import * as v from 'valibot';
import { attachCard, createMonthlyReservation } from './monthly-api';
import { formatMoney } from './monthly-format';
import { formatCentsExact } from '../../contract/priced-lines';
import { PricedLinesList } from '../../ui/priced-lines-list';
import { monthlyRateLines } from '../../contract/priced-lines-quotes';
import { EMPTY_FORM, ownerFromCustomer, RegistrationForm, vehicleFields } from './registration-form';
import { latestStartDate, newYorkToday, startDateError } from './start-date';
import './monthly.css';

type Options = { isBusiness: boolean; multipleVehiclePasses: boolean; isOversizedVehicle: boolean; isTaxExempt: boolean; isResident: boolean };
const NO_OPTIONS: Options = { isBusiness: false, multipleVehiclePasses: false, isOversizedVehicle: false, isTaxExempt: false, isResident: false };
const OPTION_LABELS: [keyof Options, string][] = [
  ['isBusiness', 'Business account'], ['multipleVehiclePasses', 'Multiple vehicle passes'], ['isTaxExempt', 'Tax exempt (proof required)'], ['isResident', 'Manhattan resident (parking tax exemption, proof required)'],
];

const FORM_INVALID = `Error: ${MONTHLY_SIGN_UP_MESSAGES.formInvalid}`;

type Step = { name: 'choose' } | { name: 'pay'; contract: MonthlyContract } | { name: 'card'; contract: MonthlyContract };

function useLocation(locationId: number) {
  return useQuery({
    queryKey: ['locations', locationId, 'detail'],
    queryFn: ({ signal }) => apiFetch(`/locations/api/locations/${locationId}`, { schema: locationSchema, signal }),
    staleTime: 60 * 60_000,
  });
}

function useEmailVerified(enabled: boolean) {
  return useQuery({
    queryKey: ['user', 'monthly-email-verified'],
    queryFn: async ({ signal }) => String(await apiFetch('/accounts/api/customers/is-email-verified', { schema: v.union([v.boolean(), v.string()]), signal })).toLowerCase() === 'true',
    enabled,
  });
}

/** Decision 0110: the first payment's lines and their total are the server's, the total is what is charged. */
function Breakdown({ calculation }: { calculation: MonthlyCalculation }) {
  return (
    <section aria-labelledby="breakdown-heading" data-testid="monthly-breakdown">
      <h2 id="breakdown-heading">Your Price</h2>
      <p>{calculation.rateMessage}</p>
      <PricedLinesList priced={calculation.firstPayment} totalLabel="Due today" className="monthly-breakdown" totalTestId="due-today" format={formatCentsExact} />
      <dl className="monthly-breakdown">
        <dt>Then each month, charged on the 1st</dt>
        <dd data-testid="each-month">{formatCentsExact(calculation.eachMonth.totalCents)}</dd>
      </dl>
      {calculation.exemptionClaim && (
        // Decision 0104: a claim is billed at the full rate above until staff approve its proof.
        <p className="monthly-exemption-note" data-testid="exemption-claim-note">
          {calculation.exemptionClaim.claim === 'tax-exempt' ? 'Tax exempt' : 'Resident rate'}, once your proof is approved:{' '}
          {formatMoney(calculation.exemptionClaim.appliedRateValueWithTax)} each month. Until our staff approve it you pay the full rate shown;
          upload your proof on your Monthly Subscription page after signing up, and what you paid over the exempt rate is credited.
        </p>
      )}
    </section>
  );
}

export function MonthlySignUpPage({ locationId, terms }: { locationId: number; terms: ReactNode }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const location = useLocation(locationId);
  const isTicketSystem = location.data?.skiDataLocation ?? false;
  const emailVerified = useEmailVerified(isTicketSystem);
  const { data: vehicles = [] } = useQuery({ ...vehiclesQueryOptions, enabled: isTicketSystem });

  const [startDate, setStartDate] = useState(() => newYorkToday(Date.now()));
  const [options, setOptions] = useState<Options>(NO_OPTIONS);
  const [rateId, setRateId] = useState<number>();
  const [promo, setPromo] = useState('');
  const [appliedPromo, setAppliedPromo] = useState<string>();
  const [agreed, setAgreed] = useState(false);
  const [isTermsOpen, setTermsOpen] = useState(false);
  const [form, setForm] = useState<MonthlyForm>(EMPTY_FORM);
  const [sameAsCustomer, setSameAsCustomer] = useState(false);
  const [errors, setErrors] = useState<MonthlyFormErrors>({});
  const [problem, setProblem] = useState<string>();
  // Issue 38 item 11: every shown problem moves focus (a repeat too, hence the count): to the first
  // invalid field when the form is invalid, else to the message, so a screen reader on
  // "Sign Up" hears it (decision 0120; registration-edit.tsx does the same).
  const [problemCount, setProblemCount] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const problemRef = useRef<HTMLParagraphElement>(null);
  const report = (text: string) => {
    setProblem(text);
    setProblemCount((count) => count + 1);
  };
  useEffect(() => {
    if (problemCount === 0) return;
    const field = problem === FORM_INVALID ? formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]') : null;
    (field ?? problemRef.current)?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once per reported problem
  }, [problemCount]);
  const [isBusy, setBusy] = useState(false);
  const [step, setStep] = useState<Step>({ name: 'choose' });
  // Kept across retries (spec 2 §4 step 7): once made, the reservation is never made again.
  const reservation = useRef<MonthlyReservation | undefined>(undefined);
  const idempotencyKey = useRef(newIdempotencyKey());

  // Reset prefills name, email and phone from the signed-in user; the first saved vehicle is selected.
  useEffect(() => {
    if (!user) return;
    const [first = null, ...rest] = (user.displayName ?? '').split(' ').filter(Boolean);
    setForm((current) => ({ ...current, firstName: current.firstName ?? first, lastName: current.lastName ?? (rest.join(' ') || null), email: current.email ?? user.email, phoneNumber: current.phoneNumber || (user.phoneNumber ?? '').replace(/^\+1/, '') }));
  }, [user]);
  useEffect(() => {
    const first = vehicles[0];
    if (first) setForm((current) => (current.vehicleLicensePlate ? current : { ...current, ...vehicleFields(first) }));
  }, [vehicles]);

  const dateError = startDateError(startDate, Date.now());
  const rates = useQuery({
    queryKey: ['monthly-rates', locationId, startDate],
    queryFn: ({ signal }) => apiFetch('/rates/api/monthly-rates/search', { method: 'POST', json: { locationIds: [locationId], checkInDateUtc: startDate }, schema: monthlyRateListSchema, signal }),
    enabled: !dateError,
  });
  const selectedRate = rates.data?.find((rate) => rate.monthlyRateId === rateId) ?? rates.data?.find((rate) => rate.useAsDefault) ?? rates.data?.[0];
  const allowsOversized = !!selectedRate && !selectedRate.noOversized && (location.data?.oversized ?? false);
  const calculation = useQuery({
    queryKey: ['monthly-calculation', selectedRate?.monthlyRateId, startDate, options, appliedPromo],
    queryFn: ({ signal }) => appliedPromo
      ? apiFetch(`/rates/api/monthly-rates/coupons/${encodeURIComponent(appliedPromo)}/calculate`, { method: 'POST', json: { monthlyRateId: selectedRate?.monthlyRateId, checkInDateUtc: startDate, multipleVehiclePasses: options.multipleVehiclePasses, isOversizedVehicle: options.isOversizedVehicle }, schema: monthlyCalculationSchema, signal })
      : apiFetch('/rates/api/monthly-rates/calculate', { method: 'POST', json: { monthlyRateId: selectedRate?.monthlyRateId, checkInDateUtc: startDate, ...options }, schema: monthlyCalculationSchema, signal }),
    enabled: !!selectedRate && !dateError,
    retry: false,
  });
  const isLocked = reservation.current !== undefined;

  const change = (patch: Partial<MonthlyForm>) => setForm((current) => {
    const next = { ...current, ...patch };
    return sameAsCustomer ? { ...next, ...ownerFromCustomer(next) } : next;
  });

  async function finish(contract: MonthlyContract) {
    queryClient.setQueryData(monthlyContractsQueryOptions.queryKey, undefined);
    await queryClient.invalidateQueries({ queryKey: monthlyContractsQueryOptions.queryKey });
    await navigate({ to: '/my-account/monthly-sign-up/$monthlyReservationId', params: { monthlyReservationId: String(contract.monthlyReservation.monthlyReservationId) } });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(undefined);
    if (!agreed) return report(MONTHLY_SIGN_UP_MESSAGES.termsRequired);
    const contact = { fullName: [form.firstName, form.lastName].filter(Boolean).join(' '), email: form.email, phoneNumber: form.phoneNumber };
    if (isTicketSystem) {
      const found = checkMonthlyForm(form);
      setErrors(found);
      if (Object.keys(found).length > 0) {
        // Spec 2 §5: validation messages read "Error: …" (as on the registration edit screen).
        report(FORM_INVALID);
        return;
      }
    } else if (!contact.fullName.trim() || !contact.email || !contact.phoneNumber) {
      return report(!contact.fullName.trim() ? 'Name field is required' : !contact.email ? 'Email field is required' : 'Phone Number field is required');
    }
    const instance = calculation.data;
    if (!instance) return;
    setBusy(true);
    try {
      reservation.current ??= await createMonthlyReservation(
        { monthlyRateInstanceId: instance.monthlyRateInstanceId, phoneNumber: contact.phoneNumber, email: contact.email, fullName: contact.fullName, monthlyReservationForm: isTicketSystem ? form : null },
        idempotencyKey.current,
      );
      // A ticket-system user now: the header, the menus and the account pages read the contracts again.
      void queryClient.invalidateQueries({ queryKey: monthlyContractsQueryOptions.queryKey });
      const contractId = reservation.current.monthlyContractId;
      if (contractId === null) {
        await navigate({ to: '/reserve/monthly/confirmation' });
        return;
      }
      const contract = await apiFetch(`/payments/api/monthly-contracts/${contractId}`, { schema: monthlyContractSchema });
      const first = contract.monthlyContractPeriods[0];
      setStep(first && first.amount > 0 && !first.isPaid ? { name: 'pay', contract } : { name: 'card', contract });
    } catch (failure: unknown) {
      report(`${MONTHLY_SIGN_UP_MESSAGES.requestError}: ${getErrorMessage(failure)}`);
    } finally {
      setBusy(false);
    }
  }

  if (location.isPending) return <p className="page-pending">Loading…</p>;
  if (location.error) return <p role="alert">{getErrorMessage(location.error)}</p>;
  const garage = location.data;

  if (step.name === 'pay') {
    const first = step.contract.monthlyContractPeriods[0];
    return (
      <section className="monthly-page" aria-labelledby="pay-heading">
        <h1 id="pay-heading">Pay Your First Month</h1>
        <p>{garage.address1}, {garage.city}: the first month (prorated) and the service fee. Your card is then charged {formatMoney(step.contract.amount)} on the 1st of each month.</p>
        {first && (
          <CardPaymentForm
            amount={first.amount}
            systemEntityId={`monthly-period:${first.monthlyContractPeriodId}`}
            onSuccess={async () => {
              const paid = await apiFetch(`/payments/api/monthly-contracts/${step.contract.monthlyContractId}`, { schema: monthlyContractSchema });
              // A card that was not saved cannot be charged on the 1st: ask for one to attach.
              if (paid.customerPaymentMethodId === null) setStep({ name: 'card', contract: paid });
              else await finish(paid);
            }}
          />
        )}
      </section>
    );
  }
  if (step.name === 'card') {
    return (
      <section className="monthly-page" aria-labelledby="card-heading">
        <h1 id="card-heading">Card for Monthly Charges</h1>
        <p>This card is charged {formatMoney(step.contract.amount)} on the 1st of each month.</p>
        {problem && <p ref={problemRef} tabIndex={-1} className="form-message form-message--error" role="alert">{problem}</p>}
        <CardSetupForm title="Add a Card" submitLabel="Save Card" onSuccess={async (method) => {
          try {
            await finish(await attachCard(step.contract.monthlyContractId, method.customerPaymentMethodId));
          } catch (failure: unknown) {
            report(getErrorMessage(failure));
          }
        }} />
      </section>
    );
  }

  const needsVerifiedEmail = isTicketSystem && emailVerified.data === false;
  return (
    <form ref={formRef} className="monthly-page monthly-form" onSubmit={(event) => void submit(event)} noValidate>
      <h1>Monthly Parking Sign Up</h1>
      <p>{garage.address1}, {garage.city} · Lot {garage.locationNumber}</p>
      {needsVerifiedEmail && (
        <p className="form-message form-message--error" role="alert">{MONTHLY_SIGN_UP_MESSAGES.verifyEmailFirst} <a href="/my-account/profile">Verify it on your profile</a>.</p>
      )}
      <fieldset disabled={isLocked}>
        <legend>Start date and rate</legend>
        <label>
          Start date *
          <input type="date" name="startDate" value={startDate} min={newYorkToday(Date.now())} max={latestStartDate(Date.now())} aria-invalid={dateError ? true : undefined} onChange={(event) => setStartDate(event.target.value)} />
          {dateError && <span className="field-error" role="alert">{dateError}</span>}
        </label>
        {rates.data && rates.data.length === 0 && <p>No monthly rate is available at this garage for that date.</p>}
        {rates.data && rates.data.length > 0 && (
          <fieldset>
            <legend>Rate</legend>
            {rates.data.map((rate) => (
              <label key={rate.monthlyRateId}>
                <input type="radio" name="rate" checked={selectedRate?.monthlyRateId === rate.monthlyRateId} onChange={() => setRateId(rate.monthlyRateId)} />
                {rate.monthlyRateGroup.monthlyRateGroupName}: {formatCentsExact(monthlyRateLines(rate, false).totalCents)}/month — {rate.monthlyRateGroup.description}
              </label>
            ))}
          </fieldset>
        )}
        {allowsOversized && (
          <label>
            <input type="checkbox" name="oversized" checked={options.isOversizedVehicle} onChange={(event) => setOptions({ ...options, isOversizedVehicle: event.target.checked })} /> Oversized vehicle (SUV, van, pickup)
          </label>
        )}
        {OPTION_LABELS.map(([key, label]) => (
          <label key={key}>
            <input type="checkbox" name={key} checked={options[key]} onChange={(event) => setOptions({ ...options, [key]: event.target.checked })} /> {label}
          </label>
        ))}
        <label>
          Promo code
          <input name="promo" value={promo} maxLength={40} onChange={(event) => setPromo(event.target.value)} />
        </label>
        <button type="button" className="button button--secondary" onClick={() => setAppliedPromo(promo.toUpperCase().replace(/[\s-]/g, '') || undefined)}>Apply Coupon Code</button>
      </fieldset>
      {calculation.error && <p className="form-message form-message--error" role="alert">{getErrorMessage(calculation.error)}</p>}
      {calculation.data && <Breakdown calculation={calculation.data} />}

      {isTicketSystem ? (
        <RegistrationForm form={form} errors={errors} onChange={change} vehicles={vehicles} sameAsCustomer={sameAsCustomer} onSameAsCustomer={(value) => {
          setSameAsCustomer(value);
          if (value) setForm((current) => ({ ...current, ...ownerFromCustomer(current) }));
        }} />
      ) : (
        <fieldset>
          <legend>Contact Information</legend>
          <p>This garage manages monthly parking at the office: leave your details and we will contact you.</p>
          <label>First Name * <input name="firstName" value={form.firstName ?? ''} onChange={(event) => change({ firstName: event.target.value || null })} /></label>
          <label>Last Name <input name="lastName" value={form.lastName ?? ''} onChange={(event) => change({ lastName: event.target.value || null })} /></label>
          <label>Email * <input name="email" type="email" value={form.email ?? ''} onChange={(event) => change({ email: event.target.value || null })} /></label>
          <label>Phone Number * <input name="phoneNumber" type="tel" value={form.phoneNumber} onChange={(event) => change({ phoneNumber: event.target.value })} /></label>
        </fieldset>
      )}

      <p>
        <label>
          <input type="checkbox" name="terms" checked={agreed} readOnly onClick={(event) => (event.preventDefault(), setTermsOpen(true))} /> I accept the{' '}
        </label>
        <button type="button" className="button button--link" onClick={() => setTermsOpen(true)}>Terms and Conditions</button>
      </p>
      {isTermsOpen && (
        <ModalDialog title="Monthly Terms and Conditions" onClose={() => setTermsOpen(false)} actions={<button type="button" className="button" onClick={() => (setAgreed(true), setTermsOpen(false))}>I Agree</button>}>
          <div className="monthly-terms"><Suspense fallback={<p>Loading the terms…</p>}>{terms}</Suspense></div>
        </ModalDialog>
      )}
      {problem && <p ref={problemRef} tabIndex={-1} className="form-message form-message--error" role="alert">{problem}</p>}
      <BusyButton isBusy={isBusy} label={isTicketSystem ? 'Sign Up' : 'Submit'} />
      {needsVerifiedEmail && <p className="field-error">{MONTHLY_SIGN_UP_MESSAGES.verifyEmailFirst}</p>}
    </form>
  );
}
