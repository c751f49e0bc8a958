import { createFileRoute, redirect } from '@tanstack/react-router';

/** /parkandpay redirects to /parkandpay/welcome, keeping the query (location number, auto). */
export const Route = createFileRoute('/parkandpay/')({
  beforeLoad: ({ location }) => {
    throw redirect({ href: `/parkandpay/welcome${location.searchStr}`, replace: true });
  },
});
