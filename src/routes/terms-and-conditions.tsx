import { createFileRoute } from '@tanstack/react-router';
import { staticPageHead } from '../features/content/static-page-head';
import { staticPageQueryOptions } from '../features/content/static-page-query';
import { StaticPage } from '../features/content/static-page';

export const Route = createFileRoute('/terms-and-conditions')({
  loader: ({ context }) => context.queryClient.ensureQueryData(staticPageQueryOptions('terms-and-conditions')),
  head: ({ loaderData, match }) => staticPageHead(loaderData, match.pathname, 'Terms and Conditions'),
  component: () => <StaticPage slug="terms-and-conditions" />,
});
