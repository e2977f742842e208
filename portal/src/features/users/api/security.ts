import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { customerKeys } from '../../../lib/customers';

/** Under the customer's users, so any change to its people refreshes who has which factor too. */
const securityKey = (customerId: string) => [...customerKeys.users(customerId), 'security'] as const;

export const signInSecurityQueryOptions = (customerId: string) =>
  queryOptions({
    queryKey: securityKey(customerId),
    queryFn: ({ signal }) => api.security.get({ params: { customer_id: customerId }, signal }),
  });

export function useRequireTwoFactor(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (required: boolean) =>
      api.security.set({ params: { customer_id: customerId }, body: { require_two_factor: required } }),
    onSuccess: (security) => queryClient.setQueryData(securityKey(customerId), security),
  });
}
