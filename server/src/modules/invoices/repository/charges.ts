import { and, eq, gte, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import {
  clusters,
  clusterTags,
  invoices,
  products,
  type StoredInvoiceLine,
  servers,
  serverTags,
  timeEntries,
  timeMonths,
} from '../../../db/schema';
import { inMonth } from '../../time-registration';

export type { StoredInvoiceLine };

/** The customer's servers and clusters (all, decommissioned too) and the tags on each. */
export async function machinesWithTags(db: Database, customerId: string) {
  const [serverRows, clusterRows, serverTagRows, clusterTagRows] = await Promise.all([
    db
      .select({ id: servers.id, certname: servers.certname })
      .from(servers)
      .where(eq(servers.customerId, customerId)),
    db
      .select({ id: clusters.id, certname: clusters.certname, nodes: clusters.nodeCount })
      .from(clusters)
      .where(eq(clusters.customerId, customerId)),
    db
      .select({ id: serverTags.serverId, tagId: serverTags.tagId })
      .from(serverTags)
      .innerJoin(servers, eq(servers.id, serverTags.serverId))
      .where(eq(servers.customerId, customerId)),
    db
      .select({ id: clusterTags.clusterId, tagId: clusterTags.tagId })
      .from(clusterTags)
      .innerJoin(clusters, eq(clusters.id, clusterTags.clusterId))
      .where(eq(clusters.customerId, customerId)),
  ]);
  return { serverRows, clusterRows, serverTagRows, clusterTagRows };
}

const taskColumns = { entry: timeEntries, level: products.level, rate: products.priceEur };

/** A time entry with its product's level and hourly rate. */
export interface TaskRow {
  entry: typeof timeEntries.$inferSelect;
  level: number | null;
  rate: number;
}

/** The customer's billable time entries of a month, approved or not. */
export async function billableTasksOfMonth(
  db: Database,
  customerId: string,
  month: string,
): Promise<TaskRow[]> {
  return db
    .select(taskColumns)
    .from(timeEntries)
    .innerJoin(products, eq(products.id, timeEntries.productId))
    .where(and(eq(timeEntries.customerId, customerId), eq(timeEntries.billable, true), inMonth(month)));
}

/** The customer's billable entries before `until` that no invoice billed, in months approved by `now`. */
export async function unbilledApprovedEntries(db: Database, customerId: string, until: string, now: Date) {
  return db
    .select({ id: timeEntries.id, date: timeEntries.date })
    .from(timeEntries)
    .innerJoin(
      timeMonths,
      and(
        eq(timeMonths.employeeId, timeEntries.employeeId),
        eq(timeMonths.month, sql`to_char(${timeEntries.date}, 'YYYY-MM')`),
      ),
    )
    .where(
      and(
        eq(timeEntries.customerId, customerId),
        eq(timeEntries.billable, true),
        isNull(timeEntries.invoiceId),
        lt(timeEntries.date, until),
        eq(timeMonths.status, 'approved'),
        lte(timeMonths.decidedAt, now),
      ),
    );
}

/** The customer's entries from `from` on that an invoice billed, or that `entryIds` name. */
export async function billedOrBillingTasksSince(
  db: Database,
  customerId: string,
  from: string,
  entryIds: string[],
): Promise<TaskRow[]> {
  return db
    .select(taskColumns)
    .from(timeEntries)
    .innerJoin(products, eq(products.id, timeEntries.productId))
    .where(
      and(
        eq(timeEntries.customerId, customerId),
        gte(timeEntries.date, from),
        or(isNotNull(timeEntries.invoiceId), inArray(timeEntries.id, entryIds)),
      ),
    );
}

/** Every line of the customer's invoices. */
export async function invoicedLinesOf(db: Database, customerId: string): Promise<StoredInvoiceLine[]> {
  const rows = await db
    .select({ lines: invoices.lines })
    .from(invoices)
    .where(eq(invoices.customerId, customerId));
  return rows.flatMap((row) => row.lines);
}
