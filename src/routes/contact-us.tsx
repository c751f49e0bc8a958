import { createFileRoute } from '@tanstack/react-router';
import { staticPageHead } from '../features/content/static-page-head';
import { staticPageQueryOptions } from '../features/content/static-page-query';
import { StaticPage } from '../features/content/static-page';

export const Route = createFileRoute('/contact-us')({
  loader: ({ context }) => context.queryClient.ensureQueryData(staticPageQueryOptions('contact-us')),
  head: ({ loaderData, match }) => staticPageHead(loaderData, match.pathname, 'Contact Us'),
  component: () => <StaticPage slug="contact-us" />,
});
