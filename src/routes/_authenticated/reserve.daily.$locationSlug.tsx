/** /reserve/daily/{locationSlug}: daily reservation at one garage (spec 2 §2 reserve-daily-new; the slug is its seoUrl). */
import { createFileRoute } from '@tanstack/react-router';
import { garagesQueryOptions } from '../../features/reservations/reservations-api';
import { ReservePage } from '../../features/reservations/reserve-page';
import { pageHead } from '../../lib/head';

const TITLE = 'Reserve Daily Parking';

export const Route = createFileRoute('/_authenticated/reserve/daily/$locationSlug')({
  loader: ({ context }) => void context.queryClient.prefetchQuery(garagesQueryOptions),
  head: ({ match }) => pageHead({ title: TITLE, path: match.pathname }),
  component: function ReserveDailyRoute() {
    const { locationSlug } = Route.useParams();
    return (
      <section className="page page--narrow">
        <h1>{TITLE}</h1>
        <ReservePage locationSlug={locationSlug} />
      </section>
    );
  },
});
