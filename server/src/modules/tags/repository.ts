import { MAX_SERVER_TAGS, REFUSALS, type TagItem } from '@tidewatch/contract';
import { and, asc, count, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Tenant } from '../../core/tenant';
import type { Database, Tx } from '../../db/client';
import {
  type ClusterRow,
  changeRequests,
  clusters,
  clusterTags,
  featureSwitches,
  type ServerRow,
  servers,
  serverTags,
  type TagRow,
  tags,
} from '../../db/schema';
import { fieldRefusal } from '../../lib/http-error';

export type { ClusterRow, ServerRow, TagRow };

/** One customer's tags by name, in the order asked; 400 naming the field when one does not exist. */
export async function tagsByName(
  db: Database,
  tenant: Tenant,
  names: readonly string[],
  field = 'tags',
): Promise<TagRow[]> {
  if (names.length === 0) return [];
  const rows = await db
    .select()
    .from(tags)
    .where(and(eq(tags.customerId, tenant.customerId), inArray(tags.name, [...names])));
  return names.map((name) => {
    const row = rows.find((candidate) => candidate.name === name);
    if (!row) throw fieldRefusal(400, field, REFUSALS.noTagNamed, { name });
    return row;
  });
}

export async function findTag(db: Database, tenant: Tenant, id: string): Promise<TagRow | null> {
  const [row] = await db
    .select()
    .from(tags)
    .where(and(eq(tags.customerId, tenant.customerId), eq(tags.id, id)))
    .limit(1);
  return row ?? null;
}

export async function findTagByName(db: Database, tenant: Tenant, name: string): Promise<TagRow | null> {
  const [row] = await db
    .select()
    .from(tags)
    .where(and(eq(tags.customerId, tenant.customerId), eq(tags.name, name)))
    .limit(1);
  return row ?? null;
}

/** Replaces a server's or cluster's tags with these, in this order. */
export async function replaceTags(
  db: Database | Tx,
  member: { serverId: string } | { clusterId: string },
  tagIds: string[],
): Promise<void> {
  if ('serverId' in member) return replaceServerTags(db, [{ serverId: member.serverId, tagIds }]);
  await db.delete(clusterTags).where(eq(clusterTags.clusterId, member.clusterId));
  if (tagIds.length) {
    await db
      .insert(clusterTags)
      .values(tagIds.map((tagId, position) => ({ clusterId: member.clusterId, tagId, position })));
  }
}

/** Replaces each of these servers' tags with its own list, in that order. */
export async function replaceServerTags(
  db: Database | Tx,
  changes: readonly { serverId: string; tagIds: readonly string[] }[],
): Promise<void> {
  if (changes.length === 0) return;
  await db.delete(serverTags).where(
    inArray(
      serverTags.serverId,
      changes.map((change) => change.serverId),
    ),
  );
  const values = changes.flatMap((change) =>
    change.tagIds.map((tagId, position) => ({ serverId: change.serverId, tagId, position })),
  );
  if (values.length) await db.insert(serverTags).values(values);
}

/** A customer's teams by name. */
export async function teamsOf(
  db: Database,
  tenant: Tenant,
): Promise<{ name: string; timezone: string | null }[]> {
  return db
    .select({ name: tags.name, timezone: tags.timezone })
    .from(tags)
    .where(and(eq(tags.customerId, tenant.customerId), eq(tags.type, 'team')))
    .orderBy(asc(tags.name));
}

/** The servers a tag holds, decommissioned ones left out, by certname. */
export async function serversTagged(db: Database, tag: TagRow): Promise<ServerRow[]> {
  const rows = await db
    .select({ server: servers })
    .from(serverTags)
    .innerJoin(servers, eq(servers.id, serverTags.serverId))
    .where(and(eq(serverTags.tagId, tag.id), ne(servers.status, 'decommissioned')))
    .orderBy(asc(servers.certname));
  return rows.map((row) => row.server);
}

/** The clusters a tag holds, decommissioned ones left out, by certname. */
export async function clustersTagged(db: Database, tag: TagRow): Promise<ClusterRow[]> {
  const rows = await db
    .select({ cluster: clusters })
    .from(clusterTags)
    .innerJoin(clusters, eq(clusters.id, clusterTags.clusterId))
    .where(and(eq(clusterTags.tagId, tag.id), ne(clusters.status, 'decommissioned')))
    .orderBy(asc(clusters.certname));
  return rows.map((row) => row.cluster);
}

/** Member counts per tag, computed in the query (decommissioned machines are no members). */
const memberCounts = {
  serverCount: sql<number>`(select count(*)::int from server_tags st join servers s on s.id = st.server_id where st.tag_id = tags.id and s.status <> 'decommissioned')`,
  clusterCount: sql<number>`(select count(*)::int from cluster_tags ct join clusters c on c.id = ct.cluster_id where ct.tag_id = tags.id and c.status <> 'decommissioned')`,
  contactCount: sql<number>`(select count(*)::int from contact_tags kt where kt.tag_id = tags.id)`,
};

/** A customer's tags with their member counts by name: all, those of one type, or the one with an id. */
export async function tagItems(
  db: Database,
  tenant: Tenant,
  only: { type?: TagRow['type']; id?: string } = {},
): Promise<TagItem[]> {
  const conditions: (SQL | undefined)[] = [
    eq(tags.customerId, tenant.customerId),
    only.type && eq(tags.type, only.type),
    only.id === undefined ? undefined : eq(tags.id, only.id),
  ];
  const rows = await db
    .select({ tag: tags, ...memberCounts })
    .from(tags)
    .where(and(...conditions))
    .orderBy(asc(tags.name));
  return rows.map(({ tag, serverCount, clusterCount, contactCount }) => ({
    id: tag.id,
    name: tag.name,
    type: tag.type,
    timezone: tag.timezone,
    server_count: serverCount,
    cluster_count: clusterCount,
    contact_count: contactCount,
  }));
}

/** What else hangs on a tag: its feature switches and open change requests. */
export async function tagDependents(
  db: Database,
  tag: TagRow,
): Promise<{ featureSwitches: number; openChangeRequests: number }> {
  const [[switches], [requests]] = await Promise.all([
    db.select({ n: count() }).from(featureSwitches).where(eq(featureSwitches.tagId, tag.id)),
    db
      .select({ n: count() })
      .from(changeRequests)
      .where(and(eq(changeRequests.tagId, tag.id), eq(changeRequests.status, 'open'))),
  ]);
  return { featureSwitches: switches?.n ?? 0, openChangeRequests: requests?.n ?? 0 };
}

type TagFields = Pick<TagRow, 'name' | 'type' | 'timezone'>;

export async function insertTag(db: Database, tenant: Tenant, fields: TagFields): Promise<TagRow> {
  const [row] = await db
    .insert(tags)
    .values({ customerId: tenant.customerId, ...fields })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateTag(db: Database, tag: TagRow, fields: TagFields): Promise<void> {
  await db.update(tags).set(fields).where(eq(tags.id, tag.id));
}

/** Memberships, contact links, feature switches and change requests of the tag go with it. */
export async function deleteTag(db: Database, tag: TagRow): Promise<void> {
  await db.delete(tags).where(eq(tags.id, tag.id));
}

/** A server or cluster named in a members change. */
export interface Machine {
  id: string;
  certname: string;
}

/** A customer's servers or clusters by certname; 400 naming the first that is not. */
export async function machinesNamed(
  db: Database,
  tenant: Tenant,
  kind: 'server' | 'cluster',
  certnames: string[],
): Promise<Machine[]> {
  if (certnames.length === 0) return [];
  const table = kind === 'server' ? servers : clusters;
  const rows = await db
    .select({ id: table.id, certname: table.certname })
    .from(table)
    .where(and(eq(table.customerId, tenant.customerId), inArray(table.certname, certnames)));
  const missing = certnames.find((certname) => !rows.some((row) => row.certname === certname));
  if (missing) throw fieldRefusal(400, 'add', REFUSALS.noSuchMachineNamed, { certname: missing });
  return rows;
}

/** Adds a tag as the last tag of each machine that lacks it; 400 for one that has 10 already. */
async function appendTag(tx: Tx, tag: TagRow, kind: 'server' | 'cluster', members: Machine[]): Promise<void> {
  if (members.length === 0) return;
  const table = kind === 'server' ? serverTags : clusterTags;
  const memberColumn = kind === 'server' ? serverTags.serverId : clusterTags.clusterId;
  const ids = members.map((member) => member.id);
  const stats = await tx
    .select({
      id: memberColumn,
      n: count(),
      last: sql<number>`max(${table.position})::int`,
      has: sql<boolean>`bool_or(${table.tagId} = ${tag.id})`,
    })
    .from(table)
    .where(inArray(memberColumn, ids))
    .groupBy(memberColumn);
  const rows = members.flatMap((member) => {
    const known = stats.find((entry) => entry.id === member.id);
    if (known?.has) return [];
    if ((known?.n ?? 0) >= MAX_SERVER_TAGS) {
      throw fieldRefusal(400, 'add', REFUSALS.serverHasTooManyTags, {
        certname: member.certname,
        count: MAX_SERVER_TAGS,
      });
    }
    return [{ memberId: member.id, tagId: tag.id, position: (known?.last ?? -1) + 1 }];
  });
  if (rows.length === 0) return;
  if (kind === 'server') {
    await tx.insert(serverTags).values(rows.map(({ memberId, ...row }) => ({ serverId: memberId, ...row })));
  } else {
    await tx
      .insert(clusterTags)
      .values(rows.map(({ memberId, ...row }) => ({ clusterId: memberId, ...row })));
  }
}

/** Takes machines out of a tag and appends it to others, in one transaction. */
export async function changeMembers(
  db: Database,
  tag: TagRow,
  change: {
    addServers: Machine[];
    addClusters: Machine[];
    removeServers: Machine[];
    removeClusters: Machine[];
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    if (change.removeServers.length) {
      await tx.delete(serverTags).where(
        and(
          eq(serverTags.tagId, tag.id),
          inArray(
            serverTags.serverId,
            change.removeServers.map((row) => row.id),
          ),
        ),
      );
    }
    if (change.removeClusters.length) {
      await tx.delete(clusterTags).where(
        and(
          eq(clusterTags.tagId, tag.id),
          inArray(
            clusterTags.clusterId,
            change.removeClusters.map((row) => row.id),
          ),
        ),
      );
    }
    await appendTag(tx, tag, 'server', change.addServers);
    await appendTag(tx, tag, 'cluster', change.addClusters);
  });
}
