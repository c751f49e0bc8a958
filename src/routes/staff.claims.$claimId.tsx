import { createFileRoute } from '@tanstack/react-router';
import { ClaimDetailPage } from '../features/staff/claim-detail';
import { parseClaimIdParams } from '../features/staff/search-params';

export const Route = createFileRoute('/staff/claims/$claimId')({
  params: { parse: parseClaimIdParams, stringify: ({ claimId }) => ({ claimId: String(claimId) }) },
  component: function StaffClaimRoute() {
    return <ClaimDetailPage claimId={Route.useParams().claimId} />;
  },
});
