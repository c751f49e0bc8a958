import { createFileRoute } from '@tanstack/react-router';
import { isFlagSet, parseLegacySignInSearch } from '../features/auth/auth-search';
import { LegacySignIn } from '../features/auth/legacy-sign-in';
import { titledHead } from '../lib/head';

export const Route = createFileRoute('/sign-in/legacy')({
  validateSearch: parseLegacySignInSearch,
  head: titledHead('Sign In'),
  component: function LegacySignInRoute() {
    const { redirect, newPassword } = Route.useSearch();
    return <LegacySignIn redirect={redirect} isPasswordChanged={isFlagSet(newPassword)} />;
  },
});
