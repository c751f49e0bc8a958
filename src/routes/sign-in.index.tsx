import { createFileRoute } from '@tanstack/react-router';
import { isFlagSet, parseSignInSearch } from '../features/auth/auth-search';
import { SignInPage } from '../features/auth/sign-in-page';
import { pageHead } from '../lib/head';

export const Route = createFileRoute('/sign-in/')({
  validateSearch: parseSignInSearch,
  head: ({ match }) => pageHead({ title: 'Sign In / Register', path: match.pathname }),
  component: function SignInRoute() {
    const { redirect, mode, expired } = Route.useSearch();
    return <SignInPage redirect={redirect} initialMode={mode === 'email' ? 'email' : 'phone'} isExpired={isFlagSet(expired)} />;
  },
});
