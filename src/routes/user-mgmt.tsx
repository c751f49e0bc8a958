import { createFileRoute } from '@tanstack/react-router';
import { parseUserManagementSearch } from '../features/auth/auth-search';
import { UserManagement } from '../features/auth/user-management';
import { titledHead } from '../lib/head';

export const Route = createFileRoute('/user-mgmt')({
  validateSearch: parseUserManagementSearch,
  head: titledHead('Account'),
  component: function UserManagementRoute() {
    const { mode, oobCode } = Route.useSearch();
    return <UserManagement mode={mode} oobCode={oobCode} />;
  },
});
