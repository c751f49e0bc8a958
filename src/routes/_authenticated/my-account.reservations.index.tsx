/**
 * /my-account/reservations: the account's reservations. Its monthly part lists the customer's
 * monthly contracts (ticket-system users land here after sign-in, spec 2 §2); the daily
 * reservations list joins it with the reservations service.
 */
import { createFileRoute } from '@tanstack/react-router';
import { MonthlyContractsList } from '../../features/account-profile/monthly-contracts-list';
import { DailyReservations } from '../../features/reservations/reservations-list';
import { titledHead } from '../../lib/head';
import { monthlyContractsQueryOptions } from '../../lib/monthly-contracts';
import { matchingTextParam } from '../../lib/search-params';

const TITLE = 'Reservations';
/** `?ticketNumber=` comes from the redeem-choose scanner target (src/features/qr-scan/scan-targets.ts). */
// Only its shape here: the route's search schema is in the entry chunk, so the ticket rules
// (src/contract/tickets.ts) are applied by the list, in its own chunk. A short numeric ticket may
// come back from the query string as a number (src/lib/search-serialization.ts).

export const Route = createFileRoute('/_authenticated/my-account/reservations/')({
  validateSearch: (search): { ticketNumber?: string } => ({ ticketNumber: matchingTextParam(search['ticketNumber'], /^[\w -]{1,40}$/) }),
  loader: ({ context }) => context.queryClient.ensureQueryData(monthlyContractsQueryOptions),
  head: titledHead(TITLE),
  component: function ReservationsRoute() {
    const { ticketNumber } = Route.useSearch();
    return (
      <section className="page page--narrow reservations-page">
        <h1>{TITLE}</h1>
        <DailyReservations ticketNumber={ticketNumber} />
        {!ticketNumber && <MonthlyContractsList />}
      </section>
    );
  },
});
