import { createFileRoute, Link } from '@tanstack/react-router';
import { StaticPage } from '../../features/content/static-page';
import { MonthlySignUpPage } from '../../features/monthly/sign-up-page';
import { titledHead } from '../../lib/head';
import { parseLocationIdSearch } from '../../lib/search-params';

const TITLE = 'Monthly Parking Sign Up';

export const Route = createFileRoute('/_authenticated/reserve/monthly/')({
  head: titledHead(TITLE),
  // `?locationId=3`: the garage to sign up at (from its page or the monthly parking page).
  validateSearch: parseLocationIdSearch,
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
