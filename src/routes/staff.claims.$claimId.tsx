import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { ClaimDetailPage } from '../features/staff/claim-detail';
import { claimIdParamSchema } from '../features/staff/search-params';

export const Route = createFileRoute('/staff/claims/$claimId')({
  params: { parse: (params) => v.parse(claimIdParamSchema, params), stringify: ({ claimId }) => ({ claimId: String(claimId) }) },
  component: function StaffClaimRoute() {
    return <ClaimDetailPage claimId={Route.useParams().claimId} />;
  },
});
