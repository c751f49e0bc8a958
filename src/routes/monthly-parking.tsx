import { createFileRoute } from '@tanstack/react-router';
import { staticPageHead } from '../features/content/static-page-head';
import { staticPageQueryOptions } from '../features/content/static-page-query';
import { StaticPage } from '../features/content/static-page';

export const Route = createFileRoute('/monthly-parking')({
  loader: ({ context }) => context.queryClient.ensureQueryData(staticPageQueryOptions('monthly-parking')),
  head: ({ loaderData, match }) => staticPageHead(loaderData, match.pathname, 'Monthly Parking'),
  component: () => <StaticPage slug="monthly-parking" />,
});
