/**
 * My Account › Access Pass (spec 2 §2 my-account-badge, §7 create-badge-session): the monthly
 * barcode of each paid monthly reservation, drawn on the device. Like the exit pass it must open
 * at the gate with no signal: the tickets query is persisted (`meta.persist`), so once seen
 * online the pass shows offline. Online, a badge session is registered for the plate and its
 * answer says whether the card is active (a month unpaid or a suspension turns it off).
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import * as v from 'valibot';
import { customerDetailsSchema } from '../../contract/accounts';
import type { MonthlyTicket } from '../../contract/monthly-reservations';
import { apiFetch } from '../../lib/api-client';
import { getErrorMessage } from '../../lib/errors';
import { renderQrPath } from '../../lib/qr-code';
import { USER_QUERY_ROOT } from '../../lib/query-client';
import { createBadgeSession, monthlyTicketsQueryOptions } from './monthly-api';
import { garageLabel, UNPAID_NOTE } from './monthly-format';
import './monthly.css';

export const INACTIVE_PASS_NOTE = 'This access card is not active: ';

const customerIdQuery = {
  queryKey: [USER_QUERY_ROOT, 'monthly-customer-id'],
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    (await apiFetch('/accounts/api/customers/get-customer-details', { schema: v.object({ customerId: customerDetailsSchema.entries.customerId }), signal })).customerId,
  staleTime: Infinity,
  meta: { persist: true },
};

function AccessCard({ ticket }: { ticket: MonthlyTicket }) {
  const { data: customerId } = useQuery(customerIdQuery);
  const plate = ticket.licensePlate ?? '';
  const badge = useQuery({
    queryKey: [USER_QUERY_ROOT, 'badge-session', ticket.monthlyTicketId],
    queryFn: () => createBadgeSession({ customerId: customerId ?? 0, licensePlate: plate, state: ticket.licenseState ?? '' }),
    enabled: customerId !== undefined && plate !== '' && !!ticket.licenseState,
    staleTime: 10 * 60_000,
    meta: { persist: true },
  });
  const isActive = badge.data?.isActive ?? ticket.isActive;
  const qr = renderQrPath(ticket.monthlyBarcode);
  return (
    <li className="monthly-card access-pass" data-testid="access-pass">
      {/* The garage's address and lot number, kept with the pass for the gate offline (never an internal id). */}
      <h2>{ticket.locationAddress && ticket.locationNumber ? garageLabel(ticket.locationAddress, ticket.locationNumber) : 'Monthly access card'}{plate ? ` · ${plate}` : ''}</h2>
      <svg viewBox={`0 0 ${qr.size} ${qr.size}`} role="img" aria-label={`Monthly barcode ${ticket.monthlyBarcode}`} shapeRendering="crispEdges">
        <path d={qr.path} fill="#000" />
      </svg>
      <p className="access-pass__code">{ticket.skiDataTicketNumber}</p>
      <p data-testid="access-pass-state" className={isActive ? 'monthly-periods__paid' : 'monthly-periods__due'}>
        {isActive ? 'Active' : `${INACTIVE_PASS_NOTE}${UNPAID_NOTE}`}
      </p>
    </li>
  );
}

export function AccessPassPage() {
  const { data, isPending, error } = useQuery(monthlyTicketsQueryOptions);
  if (isPending) return <p className="page-pending">Loading your access pass…</p>;
  if (error) return <p className="form-message form-message--error" role="alert">{getErrorMessage(error)}</p>;
  return (
    <section className="monthly-page" aria-labelledby="access-pass-heading">
      <h1 id="access-pass-heading">Access Pass</h1>
      {data.results.length === 0 ? (
        <p>
          No monthly access card yet. It appears here once the first month of a monthly subscription is paid. <Link to="/my-account/monthly-sign-up">Monthly Subscriptions</Link>
        </p>
      ) : (
        <ul className="monthly-list">
          {data.results.map((ticket) => <AccessCard key={ticket.monthlyTicketId} ticket={ticket} />)}
        </ul>
      )}
    </section>
  );
}
