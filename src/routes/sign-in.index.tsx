import { createFileRoute } from '@tanstack/react-router';
import { isFlagSet, parseSignInSearch } from '../features/auth/auth-search';
import { SignInPage } from '../features/auth/sign-in-page';
import { titledHead } from '../lib/head';

export const Route = createFileRoute('/sign-in/')({
  validateSearch: parseSignInSearch,
  head: titledHead('Sign In / Register'),
  component: function SignInRoute() {
    const { redirect, mode, expired } = Route.useSearch();
    return <SignInPage redirect={redirect} initialMode={mode === 'email' ? 'email' : 'phone'} isExpired={isFlagSet(expired)} />;
  },
});
