/** /reserve/daily/{locationSlug}: daily reservation at one garage (spec 2 §2 reserve-daily-new; the slug is its seoUrl). */
import { createFileRoute } from '@tanstack/react-router';
import { garagesQueryOptions } from '../../features/reservations/reservations-api';
import { ReservePage } from '../../features/reservations/reserve-page';
import { titledHead } from '../../lib/head';

const TITLE = 'Reserve Daily Parking';

/** A Reserve link from a search or a location page carries the searched times (src/lib/reserve-links.ts). */
function validateSearch(search: Record<string, unknown>): { from?: string; to?: string; oversized?: '1' } {
  const text = (value: unknown) => (typeof value === 'string' && value.length <= 20 ? value : undefined);
  const from = text(search['from']);
  const to = text(search['to']);
  return { ...(from ? { from } : {}), ...(to ? { to } : {}), ...(search['oversized'] === '1' || search['oversized'] === 1 ? { oversized: '1' as const } : {}) };
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
