import { createFileRoute } from '@tanstack/react-router';
import { SignInFlow } from '../features/auth/sign-in-flow';
import { signInSearchSchema } from '../features/park-and-pay/search-params';
import { pageHead } from '../lib/head';

const TITLE = 'Sign In';

export const Route = createFileRoute('/parkandpay/sign-in')({
  validateSearch: signInSearchSchema,
  head: ({ match }) => pageHead({ title: TITLE, path: match.pathname }),
  component: function ParkSignInRoute() {
    const { redirect } = Route.useSearch();
    return (
      <section className="page page--narrow">
        <SignInFlow redirect={redirect} defaultRedirect="/parkandpay/welcome" />
      </section>
    );
  },
});
