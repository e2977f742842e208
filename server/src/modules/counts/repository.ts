import { and, count, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Tenant } from '../../core/tenant';
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
import { boundedTotal } from '../../lib/bounded-total';

type CountedTable =
  | typeof users
  | typeof tags
  | typeof servers
  | typeof clusters
  | typeof serviceWindows
  | typeof serviceWindowExemptions
  | typeof serviceWindowProposals;

/**
 * Rows of a table with a `customerId` column matching `where`, the tenant's or (null) every
 * customer's: exact up to the contract's limit, the estimate above it, so a badge over a million
 * servers costs what one over ten thousand does.
 */
async function countMatching(
  db: Database,
  table: CountedTable,
  tenant: Tenant | null,
  where?: SQL,
): Promise<number> {
  const matching = db
    .select({ one: sql`1` })
    .from(table)
    .where(and(tenant ? eq(table.customerId, tenant.customerId) : undefined, where));
  return (await boundedTotal(db, matching)).total;
}

// Deactivated users are history; invited ones are on their way in.
export const countActiveUsers = (db: Database, tenant: Tenant | null) =>
  countMatching(db, users, tenant, eq(users.active, true));

export const countTags = (db: Database, tenant: Tenant | null) => countMatching(db, tags, tenant);

export const countTeams = (db: Database, tenant: Tenant | null) =>
  countMatching(db, tags, tenant, eq(tags.type, 'team'));

// Decommissioned machines are history, not something to manage.
export const countManagedServers = (db: Database, tenant: Tenant | null) =>
  countMatching(db, servers, tenant, ne(servers.status, 'decommissioned'));

export const countManagedClusters = (db: Database, tenant: Tenant | null) =>
  countMatching(db, clusters, tenant, ne(clusters.status, 'decommissioned'));

export const countOpenServiceWindows = (db: Database, tenant: Tenant | null) =>
  countMatching(db, serviceWindows, tenant, eq(serviceWindows.status, 'open'));

export const countRequestedExemptions = (db: Database, tenant: Tenant | null) =>
  countMatching(db, serviceWindowExemptions, tenant, eq(serviceWindowExemptions.status, 'requested'));

export const countPendingProposals = (db: Database, tenant: Tenant | null) =>
  countMatching(db, serviceWindowProposals, tenant, eq(serviceWindowProposals.status, 'pending'));

/** Months handed in and waiting for an approver, leaving out those of `viewerId` when given. */
export async function countMonthsAwaitingApproval(db: Database, viewerId: string | null): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(timeMonths)
    .where(
      and(eq(timeMonths.status, 'submitted'), viewerId ? ne(timeMonths.employeeId, viewerId) : undefined),
    );
  return row?.n ?? 0;
}
