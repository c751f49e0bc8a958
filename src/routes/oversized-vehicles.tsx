import { createFileRoute } from '@tanstack/react-router';
import { staticPageHead } from '../features/content/static-page-head';
import { staticPageQueryOptions } from '../features/content/static-page-query';
import { StaticPage } from '../features/content/static-page';

export const Route = createFileRoute('/oversized-vehicles')({
  loader: ({ context }) => context.queryClient.ensureQueryData(staticPageQueryOptions('oversized-vehicles')),
  head: ({ loaderData, match }) => staticPageHead(loaderData, match.pathname, 'Oversized Vehicles'),
  component: () => <StaticPage slug="oversized-vehicles" />,
});
