import type { ClusterSummary } from '@tidewatch/contract';
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Tenant } from '../../core/tenant';
import type { Database, Tx } from '../../db/client';
import { type ClusterRow, clusters, clusterTags, tags } from '../../db/schema';
import { type BoundedTotal, boundedTotal, NO_ROWS } from '../../lib/bounded-total';
import { keyset, type SortKey } from '../../lib/keyset';
import { containing } from '../../lib/search';
import { findTagByName } from '../tags';

export type { ClusterRow };

/** The list's sort keys; the certname breaks ties (and is what `name` sorts by: unique and alike). */
const CLUSTER_SORT_KEYS: Record<string, SortKey> = {
  name: { expr: sql`${clusters.certname}`, cast: 'text' },
  provider: { expr: sql`${clusters.provider}`, cast: 'text' },
  kubernetes_version: { expr: sql`coalesce(${clusters.kubernetesVersion}, '')`, cast: 'text' },
  node_count: { expr: sql`${clusters.nodeCount}`, cast: 'integer' },
  status: { expr: sql`${clusters.status}`, cast: 'text' },
  last_seen: { expr: sql`coalesce(${clusters.lastPingAt}, 'epoch'::timestamptz)`, cast: 'timestamptz' },
};

export async function clusterTagNamesOf(db: Database, clusterIds: string[]): Promise<Map<string, string[]>> {
  const byCluster = new Map<string, string[]>(clusterIds.map((id) => [id, []]));
  if (clusterIds.length === 0) return byCluster;
  const rows = await db
    .select({ clusterId: clusterTags.clusterId, name: tags.name })
    .from(clusterTags)
    .innerJoin(tags, eq(tags.id, clusterTags.tagId))
    .where(inArray(clusterTags.clusterId, clusterIds))
    .orderBy(asc(clusterTags.position));
  for (const row of rows) byCluster.get(row.clusterId)?.push(row.name);
  return byCluster;
}

export function toClusterSummary(row: ClusterRow, tagNames: string[]): ClusterSummary {
  return {
    certname: row.certname,
    name: row.name,
    type: row.type,
    provider: row.provider,
    kubernetes_version: row.kubernetesVersion,
    suite_version: row.suiteVersion,
    control_plane_replicas: row.controlPlaneReplicas,
    node_groups: row.nodeGroups,
    node_count: row.nodeCount,
    plan: row.plan,
    status: row.status,
    tags: tagNames,
    last_seen: row.lastPingAt?.toISOString() ?? null,
    created: row.createdAt.toISOString(),
  };
}

export async function clusterSummariesOf(db: Database, rows: ClusterRow[]): Promise<ClusterSummary[]> {
  const tagNames = await clusterTagNamesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toClusterSummary(row, tagNames.get(row.id) ?? []));
}

export async function findCluster(
  db: Database,
  tenant: Tenant,
  certname: string,
): Promise<ClusterRow | null> {
  const [row] = await db
    .select()
    .from(clusters)
    .where(and(eq(clusters.customerId, tenant.customerId), eq(clusters.certname, certname)))
    .limit(1);
  return row ?? null;
}

/** What the list filters by; decommissioned clusters are left out unless their status is asked for. */
export interface ClusterFilters {
  q?: string | undefined;
  tag?: string | undefined;
  provider?: ClusterRow['provider'] | undefined;
  type?: ClusterRow['type'] | undefined;
  status?: ClusterRow['status'] | undefined;
}

/** One keyset page of a customer's filtered clusters, with the total on the first page. */
export async function listClusters(
  db: Database,
  tenant: Tenant,
  filters: ClusterFilters,
  page: { sort: string; cursor?: string | undefined; limit: number },
): Promise<{ rows: ClusterRow[]; nextCursor: string | null; total: BoundedTotal | null }> {
  const { q, tag, provider, type, status } = filters;
  const { sort, cursor, limit } = page;
  const conditions: (SQL | undefined)[] = [
    eq(clusters.customerId, tenant.customerId),
    status ? eq(clusters.status, status) : ne(clusters.status, 'decommissioned'),
    q ? containing(clusters.certname, q) : undefined,
    provider && eq(clusters.provider, provider),
    type && eq(clusters.type, type),
  ];
  if (tag) {
    const row = await findTagByName(db, tenant, tag);
    if (!row) return { rows: [], nextCursor: null, total: NO_ROWS };
    conditions.push(
      inArray(
        clusters.id,
        db.select({ id: clusterTags.clusterId }).from(clusterTags).where(eq(clusterTags.tagId, row.id)),
      ),
    );
  }
  const where = and(...conditions);
  const paging = keyset({
    keys: CLUSTER_SORT_KEYS,
    unique: { name: 'name', column: clusters.certname },
    sort,
    cursor,
  });
  const [rows, counted] = await Promise.all([
    db
      .select({ cluster: clusters, key: paging.keyValue })
      .from(clusters)
      .where(and(where, paging.after))
      .orderBy(...paging.orderBy)
      .limit(limit + 1),
    cursor ? null : boundedTotal(db, db.select({ one: sql`1` }).from(clusters).where(where)),
  ]);
  return {
    rows: rows.slice(0, limit).map((row) => row.cluster),
    nextCursor: paging.nextCursor(rows, limit, (row) => row.cluster.certname),
    total: counted,
  };
}

/** The fields a new cluster is registered with. */
export type NewCluster = Pick<
  ClusterRow,
  | 'name'
  | 'certname'
  | 'type'
  | 'provider'
  | 'plan'
  | 'kubernetesVersion'
  | 'controlPlaneReplicas'
  | 'nodeGroups'
>;

export async function insertCluster(tx: Tx, tenant: Tenant, fields: NewCluster): Promise<ClusterRow> {
  const [row] = await tx
    .insert(clusters)
    .values({ customerId: tenant.customerId, ...fields })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}
