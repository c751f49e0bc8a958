/** /reserve/daily/{locationSlug}: daily reservation at one garage (spec 2 §2 reserve-daily-new; the slug is its seoUrl). */
import { createFileRoute } from '@tanstack/react-router';
import { garagesQueryOptions } from '../../features/reservations/reservations-api';
import { ReservePage } from '../../features/reservations/reserve-page';
import { titledHead } from '../../lib/head';
import { matchingTextParam, oneOfParam } from '../../lib/search-params';

const TITLE = 'Reserve Daily Parking';

/** A Reserve link from a search or a location page carries the searched times (src/lib/reserve-links.ts). */
function validateSearch(search: Record<string, unknown>): { from?: string; to?: string; oversized?: '1' } {
  const time = (value: unknown) => matchingTextParam(value, /^.{1,20}$/);
  return { from: time(search['from']), to: time(search['to']), oversized: oneOfParam(search['oversized'], ['1', 1]) && '1' };
}

export const Route = createFileRoute('/_authenticated/reserve/daily/$locationSlug')({
  validateSearch,
  loader: ({ context }) => void context.queryClient.prefetchQuery(garagesQueryOptions),
  head: titledHead(TITLE),
  component: function ReserveDailyRoute() {
    const { locationSlug } = Route.useParams();
    const { from, to, oversized } = Route.useSearch();
    return (
      <section className="page page--narrow">
        <h1>{TITLE}</h1>
        <ReservePage locationSlug={locationSlug} from={from} to={to} isOversized={oversized === '1'} />
      </section>
    );
  },
});
