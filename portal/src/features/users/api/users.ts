import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BillingContacts, Invitation } from '@tidewatch/contract';
import { api } from '../../../lib/api';
import { countKeys } from '../../../lib/counts';
import { customerKeys } from '../../../lib/customers';

export type UserListQuery = NonNullable<Parameters<typeof api.users.list>[0]>['query'] & {
  customer_id: string;
};

/** One page of a customer's users; the previous page stays on screen while the next loads. */
export const userListQueryOptions = (query: UserListQuery) =>
  queryOptions({
    queryKey: [...customerKeys.users(query.customer_id), query] as const,
    queryFn: ({ signal }) => api.users.list({ query, signal }),
    placeholderData: keepPreviousData,
  });

/** After any change to a customer's people: their lists, the user badge and the customer record. */
function useRefreshUsers(customerId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: customerKeys.users(customerId) }),
      queryClient.invalidateQueries({ queryKey: countKeys.all }),
    ]);
}

export function useInvite(customerId: string) {
  const refresh = useRefreshUsers(customerId);
  return useMutation({
    mutationFn: (body: Invitation) => api.users.invite({ query: { customer_id: customerId }, body }),
    onSuccess: refresh,
  });
}

type UserAction = 'deactivate' | 'reactivate' | 'resendInvitation';

/** Deactivate, reactivate or resend an invitation, by the user's id. */
export function useUserAction(customerId: string, action: UserAction) {
  const refresh = useRefreshUsers(customerId);
  return useMutation({
    mutationFn: (id: string) => api.users[action]({ params: { id } }),
    onSuccess: refresh,
  });
}

export function useChangeRoles(customerId: string) {
  const refresh = useRefreshUsers(customerId);
  return useMutation({
    mutationFn: ({ id, roles }: { id: string; roles: Invitation['roles'] }) =>
      api.users.changeRoles({ params: { id }, body: { roles } }),
    onSuccess: refresh,
  });
}

export function useSaveBillingContacts(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BillingContacts) =>
      api.users.billingContacts({ params: { customer_id: customerId }, body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: customerKeys.billing(customerId) }),
        queryClient.invalidateQueries({ queryKey: customerKeys.list() }),
      ]),
  });
}
