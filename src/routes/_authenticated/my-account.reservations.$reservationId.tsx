/** /my-account/reservations/{reservationId}: the reservation pass (spec 2 §2); opens offline from the saved copy. */
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { ReservationPass } from '../../features/reservations/reservation-pass';
import { titledHead } from '../../lib/head';

const TITLE = 'Reservation Details';
const idSchema = v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number));

export const Route = createFileRoute('/_authenticated/my-account/reservations/$reservationId')({
  head: titledHead(TITLE),
  component: function ReservationRoute() {
    const { reservationId } = Route.useParams();
    const parsed = v.safeParse(idSchema, reservationId);
    return (
      <section className="page page--narrow">
        <h1>{TITLE}</h1>
        {parsed.success ? <ReservationPass reservationId={parsed.output} /> : <p className="notice" role="alert">This reservation was not found.</p>}
      </section>
    );
  },
});
