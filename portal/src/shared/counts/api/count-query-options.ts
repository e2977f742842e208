import { queryOptions } from '@tanstack/react-query';
import { brand } from '@tidewatch/content/brand';
import type { CountKind } from '@tidewatch/contract';
import { isStaffCountKind } from '@tidewatch/contract/vocabulary';
import { can } from '@tidewatch/domain';
import { api } from '../../../lib/api';
import { countKeys } from '../../../lib/counts';
import { type ClientUser, useAdminStore } from '../../../lib/stores';

/**
 * Which endpoint a badge asks: the customer chosen in the header when there is one, else approvers
 * the approver endpoint and admins the admin one (every customer), everyone else their own customer's
 * (spec section 6). Pending approval and unanswered chats are staff work and never a customer's.
 */
export function countSource(user: ClientUser, chosenCustomerId: string | null, kind: CountKind) {
  const staff = user.isApprover ? 'approver' : user.isAdmin ? 'admin' : null;
  if (staff && (isStaffCountKind(kind) || chosenCustomerId === null))
    return { prefix: staff, customerId: null } as const;
  return { prefix: 'customer', customerId: chosenCustomerId ?? user.customerId } as const;
}

/** The customer whose counts the badges show; null when staff count every customer. */
export function useCountCustomer(user: ClientUser): string | null {
  const chosen = useAdminStore((state) => state.currentCustomerId);
  return can(user, 'customers.readAll') ? chosen : null;
}

/** How many servers one customer has: its Servers badge's count, asked once for both. */
export const customerServerCountQueryOptions = (customerId: string) =>
  queryOptions({
    queryKey: countKeys.one({ prefix: 'customer', customerId }, 'server'),
    queryFn: ({ signal }) => api.counts.customer({ params: { kind: 'server', customerId }, signal }),
    retry: false,
  });

export function countQueryOptions(user: ClientUser, chosenCustomerId: string | null, kind: CountKind) {
  const source = countSource(user, chosenCustomerId, kind);
  return queryOptions({
    queryKey: countKeys.one(source, kind),
    queryFn: ({ signal }) => {
      if (source.prefix !== 'customer') return api.counts[source.prefix]({ params: { kind }, signal });
      // Staff's own pseudo-customer has nothing to count: finance and security officers see no badge.
      if (isStaffCountKind(kind) || source.customerId === brand.adminCustomer.id) return -1;
      return api.counts.customer({ params: { kind, customerId: source.customerId }, signal });
    },
    // Sidebar counts never retry (spec section 9).
    retry: false,
  });
}
