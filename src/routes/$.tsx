import { createFileRoute, redirect } from '@tanstack/react-router';

/** Any unknown path redirects to the not-found page (spec 1 §2.1). */
export const Route = createFileRoute('/$')({
  beforeLoad: () => {
    throw redirect({ to: '/no-parking', replace: true });
  },
});
