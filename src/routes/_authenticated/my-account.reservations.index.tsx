/**
 * /my-account/reservations: the account's reservations. Its monthly part lists the customer's
 * monthly contracts (ticket-system users land here after sign-in, spec 2 §2); the daily
 * reservations list joins it with the reservations service.
 */
import { createFileRoute } from '@tanstack/react-router';
import { MonthlyContractsList } from '../../features/account-profile/monthly-contracts-list';
import { pageHead } from '../../lib/head';
import { monthlyContractsQueryOptions } from '../../lib/monthly-contracts';

const TITLE = 'Reservations';

export const Route = createFileRoute('/_authenticated/my-account/reservations/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(monthlyContractsQueryOptions),
  head: ({ match }) => pageHead({ title: TITLE, path: match.pathname }),
  component: () => (
    <section className="page page--narrow reservations-page">
      <h1>{TITLE}</h1>
      <MonthlyContractsList />
    </section>
  ),
});
