/** GET /accounts/api/customers/get-customer-details: the signed-in customer's profile. */
import { queryOptions } from '@tanstack/react-query';
import { customerDetailsSchema } from '../../contract/accounts';
import { apiFetch } from '../../lib/api-client';
import { profileKeys } from './profile-keys';

export const customerDetailsQueryOptions = queryOptions({
  queryKey: profileKeys.details,
  queryFn: ({ signal }) => apiFetch('/accounts/api/customers/get-customer-details', { schema: customerDetailsSchema, signal }),
});
