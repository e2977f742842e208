import { queryOptions } from '@tanstack/react-query';
import { brand } from '@tidewatch/content/brand';
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

type CustomerUser = RoleFlags & { customerId: string };

/** The customer a page is about: the user's own, or for staff the one chosen in the header (null until chosen). */
export function useCurrentCustomerId(user: CustomerUser): string | null {
  return customerIdFor(
    user,
    useAdminStore((state) => state.currentCustomerId),
  );
}

/**
 * The customer whose records a page shows, for a route's loader: as `CustomerScope` renders it, so
 * none until staff choose one, and none for the staff's own account, which has no records.
 */
export function pageCustomerId(user: CustomerUser): string | null {
  const customerId = currentCustomerId(user);
  return customerId === brand.adminCustomer.id ? null : customerId;
}

/** What `useCurrentCustomerId` answers, outside React (a route's loader). */
export const currentCustomerId = (user: CustomerUser) =>
  customerIdFor(user, useAdminStore.getState().currentCustomerId);

const customerIdFor = (user: CustomerUser, chosen: string | null) =>
  can(user, 'customers.readAll') ? chosen : user.customerId;

/** The customers that own a server, cluster or team of this name: a link names it, not its customer. */
export const ownersQueryOptions = (kind: OwnedKind, name: string) =>
  queryOptions({
    queryKey: [...customerKeys.all, 'owners', kind, name] as const,
    queryFn: ({ signal }) =>
      api.customers.owners({ query: { kind, name }, signal }).then((answer) => answer.data),
  });
