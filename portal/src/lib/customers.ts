import { queryOptions } from '@tanstack/react-query';
import type { OwnedKind } from '@tidewatch/contract';
import { can, type RoleFlags } from '@tidewatch/domain';
import { api } from './api';
import { useAdminStore } from './stores';

export const customerKeys = {
  all: ['customers'] as const,
  list: () => [...customerKeys.all, 'list'] as const,
  users: (customerId: string) => [...customerKeys.all, customerId, 'users'] as const,
  billing: (customerId: string) => [...customerKeys.all, customerId, 'billing'] as const,
};

export const customersQueryOptions = () =>
  queryOptions({
    queryKey: customerKeys.list(),
    queryFn: ({ signal }) => api.customers.details({ signal }).then((answer) => answer.data),
  });

/** Up to 200 of a customer's users who can sign in (to choose one to act as). */
export const customerUsersQueryOptions = (customerId: string) =>
  queryOptions({
    queryKey: [...customerKeys.users(customerId), 'active'],
    queryFn: ({ signal }) =>
      api.users
        .list({ query: { customer_id: customerId, status: 'active', limit: 200 }, signal })
        .then((page) => page.data),
  });

export const billingQueryOptions = (customerId: string) =>
  queryOptions({
    queryKey: customerKeys.billing(customerId),
    queryFn: ({ signal }) => api.customers.billing({ params: { id: customerId }, signal }),
  });

/** The customer a page is about: the user's own, or for staff the one chosen in the header (null until chosen). */
export function useCurrentCustomerId(user: RoleFlags & { customerId: string }): string | null {
  const chosen = useAdminStore((state) => state.currentCustomerId);
  return can(user, 'customers.readAll') ? chosen : user.customerId;
}

/** The customers that own a server, cluster or team of this name: a link names it, not its customer. */
export const ownersQueryOptions = (kind: OwnedKind, name: string) =>
  queryOptions({
    queryKey: [...customerKeys.all, 'owners', kind, name] as const,
    queryFn: ({ signal }) =>
      api.customers.owners({ query: { kind, name }, signal }).then((answer) => answer.data),
  });
