import { createFileRoute } from '@tanstack/react-router';
import { staticPageHead } from '../features/content/static-page-head';
import { staticPageQueryOptions } from '../features/content/static-page-query';
import { StaticPage } from '../features/content/static-page';

export const Route = createFileRoute('/accessibility')({
  loader: ({ context }) => context.queryClient.ensureQueryData(staticPageQueryOptions('accessibility')),
  head: ({ loaderData, match }) => staticPageHead(loaderData, match.pathname, 'Accessibility'),
  component: () => <StaticPage slug="accessibility" />,
});
