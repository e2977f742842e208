import type { CountKind } from '@tidewatch/contract';
import { and, count, eq, ne, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  clusters,
  servers,
  serviceWindowExemptions,
  serviceWindowProposals,
  serviceWindows,
  tags,
  timeMonths,
  users,
} from '../../db/schema';
import { countUnanswered } from '../chat';
import { advanceWindows } from '../service-windows';

/**
 * Whose things to count: one customer's, or every customer's; `viewerId` is the staff member
 * asking, whose own months never wait on themselves.
 */
export type CountScope = { customerId: string } | 'all' | { viewerId: string };

type Counter = (db: Database, scope: CountScope, now: Date) => Promise<number>;
type CountedTable =
  | typeof users
  | typeof tags
  | typeof servers
  | typeof clusters
  | typeof serviceWindows
  | typeof serviceWindowExemptions
  | typeof serviceWindowProposals;

/** Rows of a table with a `customerId` column, for one customer or all, matching `where`. */
function rowsOf(table: CountedTable, where?: SQL): Counter {
  return async (db, scope) => {
    const tenant =
      typeof scope === 'object' && 'customerId' in scope ? eq(table.customerId, scope.customerId) : undefined;
    const [row] = await db.select({ n: count() }).from(table).where(and(tenant, where));
    return row?.n ?? 0;
  };
}

/** Months handed in and waiting for an approver (staff only: customers have none). */
const pendingApproval: Counter = async (db, scope) => {
  if (typeof scope === 'object' && 'customerId' in scope) return 0;
  const notOwn = typeof scope === 'object' ? ne(timeMonths.employeeId, scope.viewerId) : undefined;
  const [row] = await db
    .select({ n: count() })
    .from(timeMonths)
    .where(and(eq(timeMonths.status, 'submitted'), notOwn));
  return row?.n ?? 0;
};

const COUNTERS: Record<CountKind, Counter> = {
  // Deactivated users are history; invited ones are on their way in.
  user: rowsOf(users, eq(users.active, true)),
  tag: rowsOf(tags),
  team: rowsOf(tags, eq(tags.type, 'team')),
  // Decommissioned machines are history, not something to manage.
  server: rowsOf(servers, ne(servers.status, 'decommissioned')),
  cluster: rowsOf(clusters, ne(clusters.status, 'decommissioned')),
  // Windows open as of now: the ones whose start passed are moved along first.
  open_service_window: async (db, scope, now) => {
    await advanceWindows(db, now);
    return rowsOf(serviceWindows, eq(serviceWindows.status, 'open'))(db, scope, now);
  },
  service_window_exemption: rowsOf(serviceWindowExemptions, eq(serviceWindowExemptions.status, 'requested')),
  pending_approval: pendingApproval,
  service_window_update_config: rowsOf(serviceWindowProposals, eq(serviceWindowProposals.status, 'pending')),
  // Proposals and exemptions waiting for staff across customers: the queue's own count.
  service_window_queue: async (db, scope, now) => {
    if (typeof scope === 'object' && 'customerId' in scope) return 0;
    await advanceWindows(db, now);
    const [proposals, exemptions] = await Promise.all([
      COUNTERS.service_window_update_config(db, 'all', now),
      COUNTERS.service_window_exemption(db, 'all', now),
    ]);
    return proposals + exemptions;
  },
  // The site chat is staff work: customers have none.
  unanswered_chat: async (db, scope) =>
    typeof scope === 'object' && 'customerId' in scope ? 0 : countUnanswered(db),
};

export function countOf(db: Database, kind: CountKind, scope: CountScope, now: Date): Promise<number> {
  return COUNTERS[kind](db, scope, now);
}
