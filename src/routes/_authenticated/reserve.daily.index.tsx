/** /reserve/daily: the older daily reservation page (spec 2 §2); picks a garage, then /reserve/daily/{slug}. */
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { GaragePicker } from '../../features/reservations/garage-picker';
import { pageHead } from '../../lib/head';

const TITLE = 'Reserve Daily Parking';
const searchSchema = v.object({ locationId: v.fallback(v.optional(v.pipe(v.unknown(), v.transform(Number), v.integer(), v.minValue(1))), undefined) });

export const Route = createFileRoute('/_authenticated/reserve/daily/')({
  validateSearch: (search) => v.parse(searchSchema, search),
  head: ({ match }) => pageHead({ title: TITLE, path: match.pathname }),
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
