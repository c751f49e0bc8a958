import { createFileRoute } from '@tanstack/react-router';
import { ClaimsList } from '../features/staff/claims-list';
import { parseClaimsSearch } from '../features/staff/search-params';

export const Route = createFileRoute('/staff/')({
  validateSearch: parseClaimsSearch,
  component: function StaffClaimsRoute() {
    return <ClaimsList filter={Route.useSearch()} />;
  },
});
