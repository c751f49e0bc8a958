import { createFileRoute } from '@tanstack/react-router';
import { isFlagSet, parseLegacySignInSearch } from '../features/auth/auth-search';
import { LegacySignIn } from '../features/auth/legacy-sign-in';
import { pageHead } from '../lib/head';

export const Route = createFileRoute('/sign-in/legacy')({
  validateSearch: parseLegacySignInSearch,
  head: ({ match }) => pageHead({ title: 'Sign In', path: match.pathname }),
  component: function LegacySignInRoute() {
    const { redirect, newPassword } = Route.useSearch();
    return <LegacySignIn redirect={redirect} isPasswordChanged={isFlagSet(newPassword)} />;
  },
});
