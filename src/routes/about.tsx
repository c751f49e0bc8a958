import { createFileRoute } from '@tanstack/react-router';
import { staticPageHead } from '../features/content/static-page-head';
import { staticPageQueryOptions } from '../features/content/static-page-query';
import { StaticPage } from '../features/content/static-page';

export const Route = createFileRoute('/about')({
  loader: ({ context }) => context.queryClient.ensureQueryData(staticPageQueryOptions('about')),
  head: ({ loaderData, match }) => staticPageHead(loaderData, match.pathname, 'About Us'),
  component: () => <StaticPage slug="about" />,
});
