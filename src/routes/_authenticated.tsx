/**
 * Guard for every protected route (spec 1 §2.2, spec 2 §2, spec 3 §2): waits for the first
 * auth state (loading Firebase if needed), then sends signed-out visitors to
 * /sign-in?redirect=<wanted path>.
 */
import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { signInHref } from '../lib/auth-links';

export const Route = createFileRoute('/_authenticated')({
  beforeLoad: async ({ context, location }) => {
    const { status } = await context.auth.whenReady();
    if (status !== 'signed-in') throw redirect({ href: signInHref(location.href) });
  },
  component: Outlet,
});
