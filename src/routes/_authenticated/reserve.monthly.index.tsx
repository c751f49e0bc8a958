import { createFileRoute, Link } from '@tanstack/react-router';
import { StaticPage } from '../../features/content/static-page';
import { MonthlySignUpPage } from '../../features/monthly/sign-up-page';
import { titledHead } from '../../lib/head';

const TITLE = 'Monthly Parking Sign Up';

/** `?locationId=3`: the garage to sign up at (from its page or the monthly parking page); anything else is dropped. */
function validateSearch(search: Record<string, unknown>): { locationId?: number } {
  const locationId = Number(search['locationId']);
  return Number.isInteger(locationId) && locationId > 0 ? { locationId } : {};
}

export const Route = createFileRoute('/_authenticated/reserve/monthly/')({
  head: titledHead(TITLE),
  validateSearch,
  component: function MonthlySignUpRoute() {
    const { locationId } = Route.useSearch();
    if (!locationId) {
      return (
        <p className="monthly-page">
          Choose a garage for monthly parking first: <Link to="/$page" params={{ page: 'monthly-parking' }}>Monthly Parking</Link>
        </p>
      );
    }
    return <MonthlySignUpPage locationId={locationId} terms={<StaticPage slug="monthly-terms-and-conditions" />} />;
  },
});
