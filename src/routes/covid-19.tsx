import { createFileRoute } from '@tanstack/react-router';
import { staticPageHead } from '../features/content/static-page-head';
import { staticPageQueryOptions } from '../features/content/static-page-query';
import { StaticPage } from '../features/content/static-page';

/** Not in the spec's route table: the page behind the health-and-safety banner (spec 1 §2.4). */
export const Route = createFileRoute('/covid-19')({
  loader: ({ context }) => context.queryClient.ensureQueryData(staticPageQueryOptions('covid-19')),
  head: ({ loaderData, match }) => staticPageHead(loaderData, match.pathname, 'Health and Safety'),
  component: () => <StaticPage slug="covid-19" />,
});
