import type { ServiceWindow } from '@tidewatch/contract';
import { and, asc, count, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Tenant } from '../../../core/tenant';
import type { Database, Tx } from '../../../db/client';
import {
  clusters,
  type ServiceWindowExemptionRow,
  type ServiceWindowRow,
  servers,
  serviceWindowExemptions,
  serviceWindows,
  serviceWindowTargets,
} from '../../../db/schema';
import { addTargets, type Member } from './booking';
import { type Db, groupNames, pageOf } from './common';

export async function windowItems(db: Database, rows: ServiceWindowRow[]): Promise<ServiceWindow[]> {
  const ids = rows.map((row) => row.id);
  const [targets, skips, group] = await Promise.all([
    ids.length
      ? db
          .select()
          .from(serviceWindowTargets)
          .where(inArray(serviceWindowTargets.windowId, ids))
          .orderBy(asc(serviceWindowTargets.certname))
      : [],
    ids.length
      ? db
          .select({
            windowId: serviceWindowExemptions.windowId,
            status: serviceWindowExemptions.status,
            n: count(),
          })
          .from(serviceWindowExemptions)
          .where(inArray(serviceWindowExemptions.windowId, ids))
          .groupBy(serviceWindowExemptions.windowId, serviceWindowExemptions.status)
      : [],
    groupNames(
      db,
      rows.map((row) => row.tagId),
    ),
  ]);
  const skipCount = (windowId: string, status: ServiceWindowExemptionRow['status']) =>
    skips.find((entry) => entry.windowId === windowId && entry.status === status)?.n ?? 0;
  return rows.map((row) => ({
    id: row.id,
    customer_id: row.customerId,
    type: row.type,
    group: group(row.tagId),
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    timezone: row.timezone,
    duration_minutes: Math.round((row.endsAt.getTime() - row.startsAt.getTime()) / 60_000),
    reboot_allowed: row.rebootAllowed,
    note: row.note,
    status: row.status,
    targets: targets
      .filter((target) => target.windowId === row.id)
      .map((target) => ({
        certname: target.certname,
        kind: target.serverId ? ('server' as const) : ('cluster' as const),
        exempted: target.exempted,
        reported_at: target.reportedAt?.toISOString() ?? null,
        result: target.result,
        comment: target.comment,
      })),
    skip_requests: {
      requested: skipCount(row.id, 'requested'),
      approved: skipCount(row.id, 'approved'),
      rejected: skipCount(row.id, 'rejected'),
    },
  }));
}

export async function windowItem(db: Database, row: ServiceWindowRow): Promise<ServiceWindow> {
  const [item] = await windowItems(db, [row]);
  if (!item) throw new Error('window item');
  return item;
}

/** The tenant's windows by start, filtered by group, status and the span they overlap. */
export function windowPage(
  db: Database,
  tenant: Tenant,
  query: {
    tag_id?: string | undefined;
    status?: ServiceWindowRow['status'] | undefined;
    from?: string | undefined;
    until?: string | undefined;
    sort: string;
    cursor?: string | undefined;
    limit: number;
  },
) {
  const { tag_id, status, from, until } = query;
  return pageOf(db, serviceWindows, {
    keys: { start: { expr: sql`${serviceWindows.startsAt}`, cast: 'timestamptz' } },
    sort: query.sort,
    where: and(
      eq(serviceWindows.customerId, tenant.customerId),
      tag_id ? eq(serviceWindows.tagId, tag_id) : undefined,
      status ? eq(serviceWindows.status, status) : undefined,
      from ? gt(serviceWindows.endsAt, new Date(from)) : undefined,
      until ? lt(serviceWindows.startsAt, new Date(until)) : undefined,
    ),
    cursor: query.cursor,
    limit: query.limit,
  });
}

/** The tenant's window of that id, or null. */
export async function findWindow(db: Database, tenant: Tenant, windowId: string) {
  const [row] = await db
    .select()
    .from(serviceWindows)
    .where(and(eq(serviceWindows.customerId, tenant.customerId), eq(serviceWindows.id, windowId)));
  return row ?? null;
}

/** The tenant's servers and clusters among these certnames. */
export async function machinesNamed(db: Database, tenant: Tenant, certnames: string[]) {
  const [serverRows, clusterRows] = await Promise.all([
    db
      .select({ id: servers.id, certname: servers.certname })
      .from(servers)
      .where(and(eq(servers.customerId, tenant.customerId), inArray(servers.certname, certnames))),
    db
      .select({ id: clusters.id, certname: clusters.certname })
      .from(clusters)
      .where(and(eq(clusters.customerId, tenant.customerId), inArray(clusters.certname, certnames))),
  ]);
  return { servers: serverRows, clusters: clusterRows };
}

/** Books an ad hoc window for the tenant with its targets, both or neither. */
export async function insertAdhocWindow(
  tx: Tx,
  tenant: Tenant,
  window: Pick<
    ServiceWindowRow,
    'tagId' | 'startsAt' | 'endsAt' | 'timezone' | 'rebootAllowed' | 'note' | 'createdAt' | 'createdById'
  >,
  targets: Member[],
): Promise<ServiceWindowRow> {
  const [row] = await tx
    .insert(serviceWindows)
    .values({ customerId: tenant.customerId, type: 'adhoc', ...window })
    .returning();
  if (!row) throw new Error('window row');
  await addTargets(tx, [row.id], targets);
  return row;
}

/** The certnames a window still covers (not exempted), in order. */
export async function coveredCertnames(db: Db, windowId: string): Promise<string[]> {
  const rows = await db
    .select({ certname: serviceWindowTargets.certname })
    .from(serviceWindowTargets)
    .where(and(eq(serviceWindowTargets.windowId, windowId), eq(serviceWindowTargets.exempted, false)))
    .orderBy(asc(serviceWindowTargets.certname));
  return rows.map((row) => row.certname);
}
