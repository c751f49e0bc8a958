/** POST /accounts/api/customers/update-marketing-prefs {acceptMarketingEmail, acceptMarketingText}. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customerDetailsSchema, type CustomerDetails } from '../../contract/accounts';
import { apiFetch } from '../../lib/api-client';
import { profileKeys } from './profile-keys';

export type MarketingPrefs = Pick<CustomerDetails, 'acceptMarketingEmail' | 'acceptMarketingText'>;

export function updateMarketingPrefs(prefs: MarketingPrefs): Promise<CustomerDetails> {
  return apiFetch('/accounts/api/customers/update-marketing-prefs', { method: 'POST', json: prefs, schema: customerDetailsSchema });
}

export function useUpdateMarketingPrefs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMarketingPrefs,
    onSuccess: (details) => queryClient.setQueryData(profileKeys.details, details),
  });
}
