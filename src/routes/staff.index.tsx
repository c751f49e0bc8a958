import { createFileRoute } from '@tanstack/react-router';
import { ClaimsList } from '../features/staff/claims-list';
import { parseClaimsSearch } from '../features/staff/search-params';

export const Route = createFileRoute('/staff/')({
  validateSearch: parseClaimsSearch,
  component: function StaffClaimsRoute() {
    const search = Route.useSearch();
    return <ClaimsList filter={{ ...search, page: search.page ?? 0 }} />;
  },
});
