/**
 * My Account › Monthly Subscriptions (spec 2 §2 route /my-account/monthly-sign-up and its detail,
 * §4 "Monthly contracts"): each contract's status, next payment and months due; on the detail,
 * suspend and resume (with a confirmation naming the 25th rule), change the card charged on the
 * 1st, and pay the balance in a modal. Every change answers the contract, written into the shared
 * contracts list.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { MonthlyContract } from '../../contract/monthly-contracts';
import { locationSchema } from '../../contract/locations';
import { apiFetch } from '../../lib/api-client';
import { getErrorMessage } from '../../lib/errors';
import { monthlyContractsQueryOptions } from '../../lib/monthly-contracts';
import { savedPaymentMethodsQueryOptions } from '../../lib/payments-client';
import { BusyButton } from '../../ui/busy-button';
import { CardPaymentForm, CardSetupForm } from '../../ui/card-payment-form';
import { ModalDialog } from '../../ui/modal-dialog';
import { ExemptionCard } from './exemption-card';
import { attachCard, resumeContract, storeContract, suspendContract } from './monthly-api';
import { canResume, canSuspend, formatDate, formatMoney, garageLabel, oldestDuePeriod, periodLabel, subscriptionStatus, UNPAID_NOTE, unpaidSignUpNote } from './monthly-format';
import { RegistrationEdit } from './registration-edit';
import './monthly.css';

export const SUSPEND_CONFIRMATION =
  'Suspend your monthly parking? Notice given by the 25th stops the charge from the next 1st; after the 25th the next month is still charged. Your card works until the suspension starts.';
/** The list changes with billing and sign-ups made elsewhere: read it afresh whenever these pages open. */
const freshContracts = { ...monthlyContractsQueryOptions, refetchOnMount: 'always' as const };

export const RESUME_CONFIRMATION = 'Resume your monthly parking? Your card is charged and works again from the next 1st.';

/**
 * The garage as the driver knows it: its street address and lot number (issue 38 item 10), never
 * an internal id; a neutral word while the locations answer is on its way.
 */
function useGarageName(locationId: number): string {
  const { data } = useQuery({
    queryKey: ['locations', locationId, 'detail'],
    queryFn: ({ signal }) => apiFetch(`/locations/api/locations/${locationId}`, { schema: locationSchema, signal }),
    staleTime: 60 * 60_000,
    enabled: locationId > 0,
  });
  return data ? garageLabel(data.address1, data.locationNumber) : 'Monthly parking';
}

function Facts({ contract }: { contract: MonthlyContract }) {
  return (
    <dl className="monthly-facts">
      <dt>Status</dt>
      <dd data-testid="subscription-status">{subscriptionStatus(contract)}</dd>
      <dt>Monthly fee</dt>
      <dd>{formatMoney(contract.amount)}</dd>
      {contract.nextPaymentUtc && (
        <>
          <dt>Next payment</dt>
          <dd>{formatDate(contract.nextPaymentUtc)}</dd>
        </>
      )}
      {contract.isContractDue && (
        <>
          <dt>Amount due</dt>
          <dd data-testid="amount-due">
            {formatMoney(contract.amountDue)} ({contract.periodsDue} {contract.periodsDue === 1 ? 'month' : 'months'})
          </dd>
        </>
      )}
      {contract.suspendedFromUtc && (
        <>
          <dt>Suspended from</dt>
          <dd>{formatDate(contract.suspendedFromUtc)}</dd>
        </>
      )}
      {contract.resumeUtc && (
        <>
          <dt>Resumes</dt>
          <dd>{formatDate(contract.resumeUtc)}</dd>
        </>
      )}
    </dl>
  );
}

export function SubscriptionsPage() {
  const { data, isPending, error } = useQuery(freshContracts);
  if (isPending) return <p className="page-pending">Loading your monthly subscriptions…</p>;
  if (error) return <p className="form-message form-message--error" role="alert">{getErrorMessage(error)}</p>;
  return (
    <section className="monthly-page" aria-labelledby="subscriptions-heading">
      <h1 id="subscriptions-heading">Monthly Subscriptions</h1>
      {data.results.length === 0 ? (
        <p>
          You have no monthly subscription. <Link to="/$page" params={{ page: 'monthly-parking' }}>Find monthly parking</Link>
        </p>
      ) : (
        <ul className="monthly-list">
          {data.results.map((contract) => (
            <SubscriptionItem key={contract.monthlyContractId} contract={contract} />
          ))}
        </ul>
      )}
    </section>
  );
}

function SubscriptionItem({ contract }: { contract: MonthlyContract }) {
  const garage = useGarageName(contract.monthlyReservation.locationId);
  return (
    <li className="monthly-card" data-testid="monthly-subscription">
      <h2>
        <Link to="/my-account/monthly-sign-up/$monthlyReservationId" params={{ monthlyReservationId: String(contract.monthlyReservation.monthlyReservationId) }}>
          {garage}
        </Link>
      </h2>
      <Facts contract={contract} />
      {subscriptionStatus(contract) === 'Awaiting first payment' && <p className="monthly-note">{unpaidSignUpNote(contract.monthlyReservation.createdUtc)}</p>}
      {contract.isContractDue && contract.monthlyReservation.isPaid && <p className="form-message form-message--error">{UNPAID_NOTE}</p>}
    </li>
  );
}

type Pending = 'suspend' | 'resume' | 'pay' | 'card' | null;

export function SubscriptionDetail({ monthlyReservationId }: { monthlyReservationId: number }) {
  const queryClient = useQueryClient();
  const { data, isPending, error, isFetching } = useQuery(freshContracts);
  const [open, setOpen] = useState<Pending>(null);
  const [isBusy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string }>();
  const contract = data?.results.find((item) => item.monthlyReservation.monthlyReservationId === monthlyReservationId);
  const garage = useGarageName(contract?.monthlyReservation.locationId ?? 0);
  if (isPending) return <p className="page-pending">Loading your monthly subscription…</p>;
  if (error) return <p className="form-message form-message--error" role="alert">{getErrorMessage(error)}</p>;
  if (!contract) return isFetching ? <p className="page-pending">Loading your monthly subscription…</p> : <p role="alert">This monthly subscription was not found.</p>;

  const run = async (action: () => Promise<MonthlyContract>, done: (updated: MonthlyContract) => string) => {
    setBusy(true);
    setMessage(undefined);
    try {
      const updated = await action();
      storeContract(queryClient, updated);
      setMessage({ kind: 'ok', text: done(updated) });
      setOpen(null);
    } catch (failure: unknown) {
      setMessage({ kind: 'error', text: getErrorMessage(failure) });
      setOpen(null);
    } finally {
      setBusy(false);
    }
  };
  const due = oldestDuePeriod(contract);

  return (
    <section className="monthly-page" aria-labelledby="subscription-heading">
      <p>
        <Link to="/my-account/monthly-sign-up">All monthly subscriptions</Link>
      </p>
      <h1 id="subscription-heading">{garage}</h1>
      <Facts contract={contract} />
      {contract.isContractDue && contract.monthlyReservation.isPaid && <p className="form-message form-message--error" role="alert">{UNPAID_NOTE}</p>}
      {message && (
        <p className={`form-message form-message--${message.kind === 'ok' ? 'success' : 'error'}`} role={message.kind === 'ok' ? 'status' : 'alert'}>
          {message.text}
        </p>
      )}
      <div className="monthly-actions">
        {contract.isContractDue && due && <button type="button" className="button" onClick={() => setOpen('pay')}>Pay Balance</button>}
        {canSuspend(contract) && <button type="button" className="button button--secondary" onClick={() => setOpen('suspend')}>Suspend</button>}
        {canResume(contract) && <button type="button" className="button button--secondary" onClick={() => setOpen('resume')}>Resume</button>}
        {/* Secondary, not ghost: the ghost button is white for dark backgrounds and vanished here (issue 38 item 10). */}
        {!contract.isCancelled && <button type="button" className="button button--secondary" onClick={() => setOpen('card')}>Change Card</button>}
      </div>
      {subscriptionStatus(contract) === 'Awaiting first payment' && <p className="monthly-note">{unpaidSignUpNote(contract.monthlyReservation.createdUtc)}</p>}
      <ExemptionCard contractId={contract.monthlyContractId} />
      <h2>Billed months</h2>
      <ul className="monthly-periods">
        {contract.monthlyContractPeriods.map((period) => (
          <li key={period.monthlyContractPeriodId}>
            <span>{periodLabel(period)}</span> <span>{formatMoney(period.amount)}</span>{' '}
            {period.credit !== undefined && period.credit > 0 && <span>(credit {formatMoney(period.credit)})</span>}{' '}
            <span className={period.isPaid || period.amount === 0 ? 'monthly-periods__paid' : 'monthly-periods__due'}>
              {period.amount === 0 ? 'Nothing due' : period.isPaid ? `Paid ${period.paidUtc ? formatDate(period.paidUtc) : ''}` : 'Unpaid'}
            </span>
          </li>
        ))}
      </ul>

      {/* Not behind a dialog: the pay and card dialogs have fields of the same names (ZIP Code). */}
      {!contract.isCancelled && open === null && <RegistrationEdit monthlyReservationId={monthlyReservationId} />}

      {open === 'suspend' && (
        <ModalDialog title="Suspend Monthly Parking" onClose={() => setOpen(null)} actions={<><BusyButton type="button" isBusy={isBusy} label="Confirm" onClick={() => void run(() => suspendContract(contract.monthlyContractId), (updated) => `Your monthly parking is suspended from ${formatDate(updated.suspendedFromUtc ?? '')}.`)} /><button type="button" className="button button--secondary" onClick={() => setOpen(null)}>Cancel</button></>}>
          <p>{SUSPEND_CONFIRMATION}</p>
        </ModalDialog>
      )}
      {open === 'resume' && (
        <ModalDialog title="Resume Monthly Parking" onClose={() => setOpen(null)} actions={<><BusyButton type="button" isBusy={isBusy} label="Confirm" onClick={() => void run(() => resumeContract(contract.monthlyContractId), (updated) => (updated.resumeUtc ? `Your monthly parking resumes on ${formatDate(updated.resumeUtc)}.` : 'Your suspension is cancelled.'))} /><button type="button" className="button button--secondary" onClick={() => setOpen(null)}>Cancel</button></>}>
          <p>{RESUME_CONFIRMATION}</p>
        </ModalDialog>
      )}
      {open === 'pay' && due && (
        <ModalDialog title="Pay Balance" onClose={() => setOpen(null)}>
          <p>{periodLabel(due)}: {formatMoney(due.amount)}</p>
          <CardPaymentForm
            amount={due.amount}
            systemEntityId={`monthly-period:${due.monthlyContractPeriodId}`}
            onSuccess={() => {
              setOpen(null);
              setMessage({ kind: 'ok', text: 'Thank you, your payment was received.' });
              void queryClient.invalidateQueries({ queryKey: monthlyContractsQueryOptions.queryKey });
            }}
          />
        </ModalDialog>
      )}
      {open === 'card' && <ChangeCard contract={contract} isBusy={isBusy} onClose={() => setOpen(null)} onAttach={(methodId) => void run(() => attachCard(contract.monthlyContractId, methodId), () => 'The card for your monthly charges was changed.')} />}
    </section>
  );
}

function ChangeCard({ contract, isBusy, onClose, onAttach }: { contract: MonthlyContract; isBusy: boolean; onClose: () => void; onAttach: (methodId: number) => void }) {
  const { data: methods = [] } = useQuery(savedPaymentMethodsQueryOptions);
  const [choice, setChoice] = useState<number | undefined>(contract.customerPaymentMethodId ?? undefined);
  return (
    <ModalDialog title="Card for Monthly Charges" onClose={onClose}>
      {methods.length > 0 && (
        <fieldset className="monthly-cards">
          <legend>Charge this card on the 1st of each month</legend>
          {methods.map((method) => (
            <label key={method.customerPaymentMethodId}>
              <input type="radio" name="monthly-card" checked={choice === method.customerPaymentMethodId} onChange={() => setChoice(method.customerPaymentMethodId)} />
              {method.paymentMethodName.toUpperCase()} ending in {method.paymentMethodLast4}
            </label>
          ))}
          <BusyButton type="button" isBusy={isBusy} label="Use This Card" onClick={() => choice !== undefined && onAttach(choice)} />
        </fieldset>
      )}
      <CardSetupForm title="Add a Card" submitLabel="Save and Use This Card" onSuccess={(method) => onAttach(method.customerPaymentMethodId)} />
    </ModalDialog>
  );
}
