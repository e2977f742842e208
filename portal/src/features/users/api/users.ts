import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { brand } from '@tidewatch/content/brand';
import type { BillingContacts, Invitation } from '@tidewatch/contract';
import { api } from '../../../lib/api';
import { countKeys } from '../../../lib/counts';
import { customerKeys } from '../../../lib/customers';

export type UserListQuery = NonNullable<Parameters<typeof api.users.list>[0]>['query'] & {
  customer_id: string;
};

/**
 * Whose people a page shows and changes: a customer's through `/users`, or the staff through
 * `/staff`, the routes only masters may call.
 */
export interface People {
  customerId: string;
  staffRoutes: boolean;
}
export const customerPeople = (customerId: string): People => ({ customerId, staffRoutes: false });
export const STAFF_PEOPLE: People = { customerId: brand.adminCustomer.id, staffRoutes: true };

/** The routes that list and change these people. */
const routesOf = (people: People) => (people.staffRoutes ? api.staff : api.users);

/** One page of a customer's users; the previous page stays on screen while the next loads. */
export const userListQueryOptions = (people: People, query: UserListQuery) =>
  queryOptions({
    queryKey: [...customerKeys.users(query.customer_id), people.staffRoutes, query] as const,
    queryFn: ({ signal }) => {
      if (!people.staffRoutes) return api.users.list({ query, signal });
      const { customer_id: _staff, ...filters } = query;
      return api.staff.list({ query: filters, signal });
    },
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

export function useInvite(people: People) {
  const refresh = useRefreshUsers(people.customerId);
  return useMutation({
    mutationFn: (body: Invitation) =>
      people.staffRoutes
        ? api.staff.invite({ body })
        : api.users.invite({ query: { customer_id: people.customerId }, body }),
    onSuccess: refresh,
  });
}

type UserAction = 'deactivate' | 'reactivate' | 'resendInvitation';

/** Deactivate, reactivate or resend an invitation, by the user's id. */
export function useUserAction(people: People, action: UserAction) {
  const refresh = useRefreshUsers(people.customerId);
  return useMutation({
    mutationFn: (id: string) => routesOf(people)[action]({ params: { id } }),
    onSuccess: refresh,
  });
}

export function useChangeRoles(people: People) {
  const refresh = useRefreshUsers(people.customerId);
  return useMutation({
    mutationFn: ({ id, roles }: { id: string; roles: Invitation['roles'] }) =>
      routesOf(people).changeRoles({ params: { id }, body: { roles } }),
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
