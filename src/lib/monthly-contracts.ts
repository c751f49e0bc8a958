/**
 * The signed-in customer's monthly contracts (spec 2 §4 Auth session: "Monthly contracts are
 * loaded after login"; sign-out clears them). Shared by the sign-in flows (post-login routing),
 * the header's account menu (profile link rule) and the account pages. The key sits under
 * USER_QUERY_ROOT, so the session's sign-out (clearUserQueries) drops it with the other user data.
 *
 * A ticket-system (skidata) user is a customer with at least one monthly contract (spec 1 §4).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MonthlyContractPage } from '../contract/monthly-contracts';
import { apiFetchOnDemand } from './api-fetch-on-demand';
import { USER_QUERY_ROOT } from './query-client';
import { useSession } from './session';

export const PROFILE_PATH = '/my-account/profile';
/** "Monthly reservations": the account's reservations page, which lists the monthly contracts. */
export const MONTHLY_RESERVATIONS_PATH = '/my-account/reservations';

/** Spec 2 §2 Account menus: the profile link goes to monthly reservations for ticket-system users. */
export const profileLinkPath = (isTicketSystemUser: boolean): string => (isTicketSystemUser ? MONTHLY_RESERVATIONS_PATH : PROFILE_PATH);

export const monthlyContractsQueryOptions = queryOptions({
  queryKey: [USER_QUERY_ROOT, 'monthly-contracts'],
  // The header runs this on every first screen of a signed-in visit: client and schema load on demand.
  queryFn: ({ signal }): Promise<MonthlyContractPage> =>
    apiFetchOnDemand('/payments/api/monthly-contracts', { loadSchema: () => import('../contract/monthly-contracts').then((contract) => contract.monthlyContractPageSchema), signal }),
  staleTime: 5 * 60_000,
  // Kept on the device with the rest of the user's data, so the menus are right offline too.
  meta: { persist: true },
});

export const isTicketSystemUser = (page: MonthlyContractPage | undefined): boolean => (page?.totalElementCount ?? 0) > 0;

/** True once the signed-in customer's contracts are known to include one; false otherwise (and while loading). */
export function useIsTicketSystemUser(): boolean {
  const { status } = useSession();
  const { data } = useQuery({ ...monthlyContractsQueryOptions, enabled: status === 'signed-in' });
  return status === 'signed-in' && isTicketSystemUser(data);
}
