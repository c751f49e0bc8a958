import { createFileRoute } from '@tanstack/react-router';
import { staticPageHead } from '../features/content/static-page-head';
import { staticPageQueryOptions } from '../features/content/static-page-query';
import { StaticPage } from '../features/content/static-page';

export const Route = createFileRoute('/monthly-terms-and-conditions')({
  loader: ({ context }) => context.queryClient.ensureQueryData(staticPageQueryOptions('monthly-terms-and-conditions')),
  head: ({ loaderData, match }) => staticPageHead(loaderData, match.pathname, 'Monthly Terms and Conditions'),
  component: () => <StaticPage slug="monthly-terms-and-conditions" />,
});
