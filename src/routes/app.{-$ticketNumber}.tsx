import { createFileRoute, redirect } from '@tanstack/react-router';

/** /app/{ticketNumber?} is an alias of /leavefast/choose/{ticketNumber?} (spec 3 §2). */
export const Route = createFileRoute('/app/{-$ticketNumber}')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/leavefast/choose/{-$ticketNumber}', params: { ticketNumber: params.ticketNumber }, replace: true });
  },
});
