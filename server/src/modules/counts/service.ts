import type { CountKind } from '@tidewatch/contract';
import { and, count, eq, ne, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { clusters, servers, tags, timeMonths, users } from '../../db/schema';

/**
 * Whose things to count: one customer's, or every customer's; `viewerId` is the staff member
 * asking, whose own months never wait on themselves.
 */
export type CountScope = { customerId: string } | 'all' | { viewerId: string };

type Counter = (db: Database, scope: CountScope) => Promise<number>;

/** Kinds whose records do not exist yet in this release have none to count. */
const nothingYet: Counter = async () => 0;

/** Rows of a table with a `customerId` column, for one customer or all, matching `where`. */
function rowsOf(table: typeof users | typeof tags | typeof servers | typeof clusters, where?: SQL): Counter {
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
  user: rowsOf(users),
  tag: rowsOf(tags),
  team: rowsOf(tags, eq(tags.type, 'team')),
  // Decommissioned machines are history, not something to manage.
  server: rowsOf(servers, ne(servers.status, 'decommissioned')),
  cluster: rowsOf(clusters, ne(clusters.status, 'decommissioned')),
  open_service_window: nothingYet,
  service_window_exemption: nothingYet,
  pending_approval: pendingApproval,
  service_window_update_config: nothingYet,
};

export function countOf(db: Database, kind: CountKind, scope: CountScope): Promise<number> {
  return COUNTERS[kind](db, scope);
}
