import { createFileRoute } from '@tanstack/react-router';
import { staticPageHead } from '../features/content/static-page-head';
import { staticPageQueryOptions } from '../features/content/static-page-query';
import { StaticPage } from '../features/content/static-page';

export const Route = createFileRoute('/privacy-policy')({
  loader: ({ context }) => context.queryClient.ensureQueryData(staticPageQueryOptions('privacy-policy')),
  head: ({ loaderData, match }) => staticPageHead(loaderData, match.pathname, 'Privacy Policy'),
  component: () => <StaticPage slug="privacy-policy" />,
});
