/** After a change made elsewhere (email form, phone form): refetch the profile's queries. */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { profileKeys } from './profile-keys';

export function useRefreshProfile(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => void queryClient.invalidateQueries({ queryKey: profileKeys.all }), [queryClient]);
}
