import { createFileRoute } from '@tanstack/react-router';
import { CLAIM_TITLE, ClaimForm } from '../features/claims/claim-form';
import { pageHead } from '../lib/head';

export const Route = createFileRoute('/incidentreport')({
  head: ({ match }) => pageHead({ title: CLAIM_TITLE, path: match.pathname }),
  component: ClaimForm,
});
