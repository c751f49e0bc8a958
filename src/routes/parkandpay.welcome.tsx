import { createFileRoute } from '@tanstack/react-router';
import { WelcomePage } from '../features/park-and-pay/welcome-page';
import { isAutoFlag, welcomeSearchSchema } from '../features/park-and-pay/search-params';
import { pageHead } from '../lib/head';

const TITLE = 'Pay by Plate';

export const Route = createFileRoute('/parkandpay/welcome')({
  validateSearch: welcomeSearchSchema,
  head: ({ match }) => pageHead({ title: TITLE, path: match.pathname }),
  component: function WelcomeRoute() {
    const { location, auto } = Route.useSearch();
    return <WelcomePage locationNumber={location} isAuto={isAutoFlag(auto)} />;
  },
});
