import { createFileRoute, redirect } from '@tanstack/react-router';

/** /my-account itself has no page: the profile is the account's landing page. */
export const Route = createFileRoute('/_authenticated/my-account/')({
  beforeLoad: () => {
    throw redirect({ to: '/my-account/profile', replace: true });
  },
});
