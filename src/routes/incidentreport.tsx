import { createFileRoute } from '@tanstack/react-router';
import { ClaimForm } from '../features/claims/claim-form';
import { titledHead } from '../lib/head';

// A literal, not the feature's constant: route options load with the entry, and the form (with
// the phone-number rules) must stay in its own chunk.
const TITLE = 'Customer Claim Report';

export const Route = createFileRoute('/incidentreport')({
  head: titledHead(TITLE),
  component: ClaimForm,
});
