/**
 * My Account › Reservations, monthly part (spec 2 §2, §3 Monthly contract): the customer's
 * monthly contracts with their garage, fee, state, billed months and next charge. This is where
 * ticket-system users land after sign-in. Garage details come from the locations API.
 */
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { locationSchema } from '../../contract/locations';
import type { MonthlyContract } from '../../contract/monthly-contracts';
import { apiFetch } from '../../lib/api-client';
import { monthlyContractsQueryOptions } from '../../lib/monthly-contracts';
import {
  CONTRACT_STATE_LABELS,
  contractState,
  formatContractDate,
  formatContractMoney,
  formatContractMonth,
  paidMonthsText,
  UNPAID_NOTE,
} from './monthly-contract-summary';
import './account-profile.css';

function useGarage(locationId: number) {
  return useQuery({
    queryKey: ['locations', locationId, 'detail'],
    queryFn: ({ signal }) => apiFetch(`/locations/api/locations/${locationId}`, { schema: locationSchema, signal }),
    staleTime: 60 * 60_000,
  });
}

function MonthlyContractCard({ contract }: { contract: MonthlyContract }) {
  const { data: garage } = useGarage(contract.monthlyReservation.locationId);
  const state = contractState(contract);
  const headingId = `monthly-contract-${contract.monthlyContractId}`;
  return (
    <article className="contract-card" aria-labelledby={headingId} data-testid="monthly-contract">
      <h3 id={headingId}>{garage ? `${garage.address1}, ${garage.city}` : `Garage ${contract.monthlyReservation.locationId}`}</h3>
      {garage && (
        <p className="contract-card__garage">
          Lot {garage.locationNumber} · {garage.crossStreet}
        </p>
      )}
      {/* The server's status when it sends one: the same words as Monthly Subscriptions (decision 0113). */}
      <p className={`contract-card__state contract-card__state--${state}`} data-testid="contract-status">{contract.status ?? CONTRACT_STATE_LABELS[state]}</p>
      <dl className="contract-card__facts">
        <dt>Monthly fee</dt>
        <dd>{formatContractMoney(contract.amount)}</dd>
        <dt>Member since</dt>
        <dd>{formatContractDate(contract.startUtc)}</dd>
        {contract.nextPaymentUtc && (
          <>
            <dt>Next payment</dt>
            <dd>{formatContractDate(contract.nextPaymentUtc)}</dd>
          </>
        )}
        {contract.isSuspended && contract.resumeUtc && (
          <>
            <dt>Resumes</dt>
            <dd>{formatContractDate(contract.resumeUtc)}</dd>
          </>
        )}
        {contract.isContractDue && (
          <>
            <dt>Amount due</dt>
            <dd>
              {formatContractMoney(contract.amountDue)} ({contract.periodsDue} {contract.periodsDue === 1 ? 'month' : 'months'})
            </dd>
          </>
        )}
        {contract.endUtc && (
          <>
            <dt>Ends</dt>
            <dd>{formatContractDate(contract.endUtc)}</dd>
          </>
        )}
      </dl>
      {state === 'due' && (
        <p className="form-message form-message--error" role="alert">
          {UNPAID_NOTE}
        </p>
      )}
      {contract.monthlyContractPeriods.length > 0 && (
        <details className="contract-card__periods">
          <summary>{paidMonthsText(contract)}</summary>
          <ul>
            {contract.monthlyContractPeriods.map((period) => (
              <li key={period.monthlyContractPeriodId}>
                {formatContractMonth(period.startUtc)}: {formatContractMoney(period.amount)} —{' '}
                {period.isPaid && period.paidUtc ? `paid ${formatContractDate(period.paidUtc)}` : 'unpaid'}
              </li>
            ))}
          </ul>
        </details>
      )}
    </article>
  );
}

export function MonthlyContractsList() {
  const { data } = useSuspenseQuery(monthlyContractsQueryOptions);
  return (
    <section className="monthly-contracts" aria-labelledby="monthly-contracts-heading">
      <h2 id="monthly-contracts-heading">Monthly Reservations</h2>
      {data.results.length === 0 ? (
        <p>You have no monthly reservations.</p>
      ) : (
        data.results.map((contract) => <MonthlyContractCard key={contract.monthlyContractId} contract={contract} />)
      )}
    </section>
  );
}
