/** /reserve/monthly/confirmation (spec 2 §2): a sign-up at a garage outside the ticket system was received; the office calls back. */
import { Link } from '@tanstack/react-router';
import './monthly.css';

export const CONFIRMATION_TEXT =
  'Thank you! We received your monthly parking request. Our monthly parking office will contact you within one business day (Monday to Friday, 8:30 AM to 5:00 PM) to complete your sign-up.';

export function MonthlyConfirmationPage() {
  return (
    <section className="monthly-page" aria-labelledby="monthly-confirmation-heading">
      <h1 id="monthly-confirmation-heading">Monthly Reservation Confirmation</h1>
      <p role="status">{CONFIRMATION_TEXT}</p>
      <p>
        <Link to="/$page" params={{ page: 'monthly-parking' }}>Back to Monthly Parking</Link>
      </p>
    </section>
  );
}
