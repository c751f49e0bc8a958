import { createFileRoute, Outlet } from '@tanstack/react-router';
import { StaffGate } from '../features/staff/staff-gate';
import { pageHead } from '../lib/head';

export const Route = createFileRoute('/staff')({
  head: ({ match }) => {
    const head = pageHead({ title: 'Staff', path: match.pathname });
    // Staff pages are no search result.
    return { ...head, meta: [...head.meta, { name: 'robots', content: 'noindex' }] };
  },
  component: () => (
    <StaffGate>
      <Outlet />
    </StaffGate>
  ),
});
