import { createFileRoute } from '@tanstack/react-router';
import { staticPageHead } from '../features/content/static-page-head';
import { staticPageQueryOptions } from '../features/content/static-page-query';
import { StaticPage } from '../features/content/static-page';

export const Route = createFileRoute('/parking-solutions')({
  loader: ({ context }) => context.queryClient.ensureQueryData(staticPageQueryOptions('parking-solutions')),
  head: ({ loaderData, match }) => staticPageHead(loaderData, match.pathname, 'Parking Solutions'),
  component: () => <StaticPage slug="parking-solutions" />,
});
