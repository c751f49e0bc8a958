import { createFileRoute } from '@tanstack/react-router';
import { staticPageHead } from '../features/content/static-page-head';
import { staticPageQueryOptions } from '../features/content/static-page-query';
import { StaticPage } from '../features/content/static-page';

export const Route = createFileRoute('/careers')({
  loader: ({ context }) => context.queryClient.ensureQueryData(staticPageQueryOptions('careers')),
  head: ({ loaderData, match }) => staticPageHead(loaderData, match.pathname, 'Careers'),
  component: () => <StaticPage slug="careers" />,
});
