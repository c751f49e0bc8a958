/** Query keys of the Profile page: under `me`, so sign-out drops them with the user's other data. */
import { USER_QUERY_ROOT } from '../../lib/query-client';

export const profileKeys = {
  all: [USER_QUERY_ROOT, 'profile'] as const,
  details: [USER_QUERY_ROOT, 'profile', 'details'] as const,
  emailVerified: [USER_QUERY_ROOT, 'profile', 'email-verified'] as const,
};
