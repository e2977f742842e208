import type { ClusterSummary } from '@tidewatch/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type ClusterRow, clusters, clusterTags, tags } from '../../db/schema';
import type { SortKey } from '../../lib/keyset';

/** The list's sort keys; the certname breaks ties (and is what `name` sorts by: unique and alike). */
export const CLUSTER_SORT_KEYS: Record<string, SortKey> = {
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
  customerId: string,
  certname: string,
): Promise<ClusterRow | null> {
  const [row] = await db
    .select()
    .from(clusters)
    .where(and(eq(clusters.customerId, customerId), eq(clusters.certname, certname)))
    .limit(1);
  return row ?? null;
}
