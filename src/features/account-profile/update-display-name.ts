/**
 * POST /accounts/api/customers/update-displayname {displayName}. The server also renames the
 * identity-provider user; reloading it refreshes the session, so the header shows the new name.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customerDetailsSchema, type CustomerDetails } from '../../contract/accounts';
import { apiFetch } from '../../lib/api-client';
import { reloadCurrentUser } from '../../lib/firebase';
import { profileKeys } from './profile-keys';

export function updateDisplayName(displayName: string): Promise<CustomerDetails> {
  return apiFetch('/accounts/api/customers/update-displayname', { method: 'POST', json: { displayName }, schema: customerDetailsSchema });
}

export function useUpdateDisplayName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDisplayName,
    onSuccess: async (details) => {
      queryClient.setQueryData(profileKeys.details, details);
      // The name is saved either way; a failed reload only delays the header's update.
      await reloadCurrentUser().catch(() => null);
    },
  });
}
