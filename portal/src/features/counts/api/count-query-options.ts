import { queryOptions } from '@tanstack/react-query';
import type { CountKind } from '@tidewatch/contract';
import { api } from '../../../lib/api';
import type { ClientUser } from '../../../lib/stores';

/** Approvers ask the approver endpoint, admins the admin one, everyone else their customer's (spec section 6). */
export function countSource(user: Pick<ClientUser, 'isApprover' | 'isAdmin' | 'customerId'>) {
  if (user.isApprover) return { prefix: 'approver', customerId: null } as const;
  if (user.isAdmin) return { prefix: 'admin', customerId: null } as const;
  return { prefix: 'customer', customerId: user.customerId } as const;
}

export const countKeys = {
  all: ['count'] as const,
  one: (source: ReturnType<typeof countSource>, kind: CountKind) =>
    [...countKeys.all, source.prefix, source.customerId, kind] as const,
};

export function countQueryOptions(
  user: Pick<ClientUser, 'isApprover' | 'isAdmin' | 'customerId'>,
  kind: CountKind,
) {
  const source = countSource(user);
  return queryOptions({
    queryKey: countKeys.one(source, kind),
    queryFn: ({ signal }) => {
      if (source.prefix === 'approver') return api.counts.approver({ params: { kind }, signal });
      if (source.prefix === 'admin') return api.counts.admin({ params: { kind }, signal });
      if (kind === 'pending_approval') return -1;
      return api.counts.customer({ params: { kind, customerId: user.customerId }, signal });
    },
    // Sidebar counts never retry (spec section 9).
    retry: false,
  });
}
