import { createFileRoute } from '@tanstack/react-router';
import { AccessPassPage } from '../../features/monthly/access-pass-page';
import { pageHead } from '../../lib/head';

const TITLE = 'Access Pass';

export const Route = createFileRoute('/_authenticated/my-account/access-pass')({
  head: ({ match }) => pageHead({ title: TITLE, path: match.pathname }),
  component: AccessPassPage,
});
