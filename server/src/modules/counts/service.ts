import type { CountKind } from '@tidewatch/contract';
import type { Tenant } from '../../core/tenant';
import type { Database } from '../../db/client';
import { countUnanswered } from '../chat';
import { advanceWindows } from '../service-windows';
import {
  countActiveUsers,
  countManagedClusters,
  countManagedServers,
  countMonthsAwaitingApproval,
  countOpenServiceWindows,
  countPendingProposals,
  countRequestedExemptions,
  countTags,
  countTeams,
} from './repository';

/**
 * Whose things to count: one customer's, or (null) every customer's; `viewerId` is the staff
 * member asking, whose own months never wait on themselves.
 */
export interface CountScope {
  tenant: Tenant | null;
  viewerId?: string;
}

type Counter = (db: Database, scope: CountScope, now: Date) => Promise<number>;

/** Staff work (time registration, the site chat, the staff queue): a customer has none. */
const staffOnly =
  (counter: Counter): Counter =>
  (db, scope, now) =>
    scope.tenant ? Promise.resolve(0) : counter(db, scope, now);

const COUNTERS: Record<CountKind, Counter> = {
  user: (db, { tenant }) => countActiveUsers(db, tenant),
  tag: (db, { tenant }) => countTags(db, tenant),
  team: (db, { tenant }) => countTeams(db, tenant),
  server: (db, { tenant }) => countManagedServers(db, tenant),
  cluster: (db, { tenant }) => countManagedClusters(db, tenant),
  // Windows open as of now: the ones whose start passed are moved along first.
  open_service_window: async (db, { tenant }, now) => {
    await advanceWindows(db, now);
    return countOpenServiceWindows(db, tenant);
  },
  service_window_exemption: (db, { tenant }) => countRequestedExemptions(db, tenant),
  pending_approval: staffOnly((db, { viewerId }) => countMonthsAwaitingApproval(db, viewerId ?? null)),
  service_window_update_config: (db, { tenant }) => countPendingProposals(db, tenant),
  // Proposals and exemptions waiting for staff across customers: the queue's own count.
  service_window_queue: staffOnly(async (db, _scope, now) => {
    await advanceWindows(db, now);
    const [proposals, exemptions] = await Promise.all([
      countPendingProposals(db, null),
      countRequestedExemptions(db, null),
    ]);
    return proposals + exemptions;
  }),
  unanswered_chat: staffOnly((db) => countUnanswered(db)),
};

export function countOf(db: Database, kind: CountKind, scope: CountScope, now: Date): Promise<number> {
  return COUNTERS[kind](db, scope, now);
}
