import { createFileRoute, Link } from '@tanstack/react-router';
import { CUSTOMER_CARE_EMAIL } from '../lib/company-contact';
import { titledHead } from '../lib/head';

function NoParking() {
  return (
    <section className="page page--narrow not-found">
      <h1>No Parking Here</h1>
      <p>The page you are looking for has moved or does not exist.</p>
      <p>
        <Link to="/" className="button">
          Back Home
        </Link>
      </p>
      <p>
        Need help? Email <a href={`mailto:${CUSTOMER_CARE_EMAIL}`}>{CUSTOMER_CARE_EMAIL}</a>.
      </p>
    </section>
  );
}

export const Route = createFileRoute('/no-parking')({
  head: titledHead('No Parking Here'),
  component: NoParking,
});
