import { createFileRoute, redirect } from '@tanstack/react-router';

/** /payfast redirects to Home (spec 1 §2.1). */
export const Route = createFileRoute('/payfast')({
  beforeLoad: () => {
    throw redirect({ to: '/', replace: true });
  },
});
