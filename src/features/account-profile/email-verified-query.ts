/**
 * GET /accounts/api/customers/is-email-verified: plain text "true"/"false". The answer also
 * feeds the session's email-verified flag (spec 2 §3 Session user).
 */
import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { apiFetch } from '../../lib/api-client';
import { session } from '../../lib/session';
import { profileKeys } from './profile-keys';
import { parseEmailVerified } from './profile-rules';

export const emailVerifiedQueryOptions = queryOptions({
  queryKey: profileKeys.emailVerified,
  queryFn: async ({ signal }) => {
    const answer = await apiFetch('/accounts/api/customers/is-email-verified', { schema: v.union([v.boolean(), v.string()]), signal });
    const isVerified = parseEmailVerified(answer);
    session.setEmailVerified(isVerified);
    return isVerified;
  },
});
