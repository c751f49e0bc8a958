import { createFileRoute } from '@tanstack/react-router';
import { AccessPassPage } from '../../features/monthly/access-pass-page';
import { titledHead } from '../../lib/head';

const TITLE = 'Access Pass';

export const Route = createFileRoute('/_authenticated/my-account/access-pass')({
  head: titledHead(TITLE),
  component: AccessPassPage,
});
