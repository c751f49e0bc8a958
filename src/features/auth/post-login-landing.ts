/**
 * What every sign-in does once the identity provider accepted it (spec 2 §4 Auth session): wait
 * until the session store has the user (guards and the API client read it), load the monthly
 * contracts, then land on the page post-login.ts picks — or hand over to the caller (the sign-in
 * modal closes and retries the change instead of navigating).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { UseNavigateResult } from '@tanstack/react-router';
import { isTicketSystemUser, monthlyContractsQueryOptions } from '../../lib/monthly-contracts';
import { needsContractsForTarget, resolvePostLoginTarget } from './post-login';
import { waitForSignedIn } from './session-wait';

export async function landAfterSignIn(input: {
  queryClient: QueryClient;
  navigate: UseNavigateResult<string>;
  redirect?: string | undefined;
  defaultPath?: string | undefined;
  onSignedIn?: (() => void) | undefined;
}): Promise<void> {
  await waitForSignedIn();
  // Fresh for this user: a cached answer may predate this sign-in.
  const contracts = input.queryClient.fetchQuery({ ...monthlyContractsQueryOptions, staleTime: 0 });
  if (input.onSignedIn) {
    void contracts.catch(() => undefined);
    return input.onSignedIn();
  }
  const landingNeedsContracts = needsContractsForTarget(input);
  if (!landingNeedsContracts) void contracts.catch(() => undefined);
  // A failed load must not keep the customer on the sign-in page: they land on the profile.
  const isTicketSystem = landingNeedsContracts ? await contracts.then(isTicketSystemUser, () => false) : false;
  await input.navigate({ href: resolvePostLoginTarget({ ...input, isTicketSystemUser: isTicketSystem }), replace: true });
}
