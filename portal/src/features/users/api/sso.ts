import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SsoSettingsFields } from '@tidewatch/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { customerKeys } from '../../../lib/customers';

/** Under the customer's users: who signs in how belongs with them. */
const ssoKey = (customerId: string) => [...customerKeys.users(customerId), 'sso'] as const;

export const ssoQueryOptions = (customerId: string) =>
  queryOptions({
    queryKey: ssoKey(customerId),
    queryFn: ({ signal }) => api.sso.get({ params: { customer_id: customerId }, signal }),
  });

export function useSaveSso(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof SsoSettingsFields>) =>
      api.sso.set({ params: { customer_id: customerId }, body }),
    onSuccess: (sso) => queryClient.setQueryData(ssoKey(customerId), sso),
  });
}

export function useRemoveSso(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.sso.remove({ params: { customer_id: customerId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.users(customerId) }),
  });
}
