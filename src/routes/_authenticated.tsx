/**
 * Guard for every protected route (spec 1 §2.2, spec 2 §2, spec 3 §2): waits for the first
 * auth state (loading Firebase if needed), then sends signed-out visitors to
 * /sign-in?redirect=<wanted path> — or, for a park-and-pay path, to
 * /parkandpay/sign-in?redirect=<wanted path> (signInHref decides).
 */
import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { signInHref } from '../lib/auth-links';
import { STORAGE_KEYS } from '../lib/constants';
import { mayOpenProtectedPage } from '../lib/session-gate';
import { readStorage } from '../lib/storage';

export const Route = createFileRoute('/_authenticated')({
  beforeLoad: async ({ context, location }) => {
    // The server renders a protected page only for a caller whose ID token it has verified, and
    // fetches its data with that token (server/ssr/render-pages.ts); it has no Firebase to ask.
    if (import.meta.env.SSR) return;
    // A device whose driver is signed in (the stored auth item) opens at once, also offline at
    // the gate: Firebase (~150 KB) then loads after the first paint instead of in front of the
    // exit pass, and main.tsx runs this guard again if Firebase reports nobody signed in.
    if (context.auth.getState().status === 'unknown' && readStorage(STORAGE_KEYS.auth)) return;
    const { status } = await context.auth.whenReady();
    // The session and Digital Tickets open from the saved copy after a forced sign-out too (lib/session-gate.ts).
    if (!mayOpenProtectedPage(location.pathname, { status, holdsSavedData: context.auth.holdsSavedData() })) throw redirect({ href: signInHref(location.href) });
  },
  component: Outlet,
});
