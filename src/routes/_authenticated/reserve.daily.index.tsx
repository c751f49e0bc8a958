/** /reserve/daily: the older daily reservation page (spec 2 §2); picks a garage, then /reserve/daily/{slug}. */
import { createFileRoute } from '@tanstack/react-router';
import { GaragePicker } from '../../features/reservations/garage-picker';
import { titledHead } from '../../lib/head';
import { parseLocationIdSearch } from '../../lib/search-params';

const TITLE = 'Reserve Daily Parking';

export const Route = createFileRoute('/_authenticated/reserve/daily/')({
  validateSearch: parseLocationIdSearch,
  head: titledHead(TITLE),
  component: function ReserveDailyIndex() {
    const { locationId } = Route.useSearch();
    return (
      <section className="page page--narrow">
        <h1>{TITLE}</h1>
        <GaragePicker locationId={locationId} />
      </section>
    );
  },
});
