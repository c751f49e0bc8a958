import { createFileRoute } from '@tanstack/react-router';
import { SignInPage } from '../features/auth/sign-in-page';
import { parseSignInSearch } from '../features/park-and-pay/search-params';
import { titledHead } from '../lib/head';

const TITLE = 'Sign In';

export const Route = createFileRoute('/parkandpay/sign-in')({
  validateSearch: parseSignInSearch,
  head: titledHead(TITLE),
  component: function ParkSignInRoute() {
    const { redirect } = Route.useSearch();
    // The /sign-in page's frame and form style (auth.css), without its expired-session note.
    return <SignInPage isExpired={false} redirect={redirect} defaultRedirect="/parkandpay/welcome" />;
  },
});
