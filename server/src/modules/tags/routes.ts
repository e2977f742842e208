import {
  type ClusterSummary,
  contract,
  MAX_SERVER_TAGS,
  needsTimeZone,
  REFUSALS,
  type ServerSummary,
  type TagDetail,
  type TagItem,
  timeZoneMessage,
} from '@tidewatch/contract';
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { implement } from '../../core/route';
import type { Database } from '../../db/client';
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
import { isUniqueViolation } from '../../lib/db-errors';
import { conflict, fieldRefusal, HttpError, notFound } from '../../lib/http-error';
import { configurationBody } from '../configuration';
import { findTag, findTagByName } from './repository';

/** Member counts per tag, computed in the query (decommissioned machines are no members). */
const memberCounts = {
  serverCount: sql<number>`(select count(*)::int from server_tags st join servers s on s.id = st.server_id where st.tag_id = tags.id and s.status <> 'decommissioned')`,
  clusterCount: sql<number>`(select count(*)::int from cluster_tags ct join clusters c on c.id = ct.cluster_id where ct.tag_id = tags.id and c.status <> 'decommissioned')`,
  contactCount: sql<number>`(select count(*)::int from contact_tags kt where kt.tag_id = tags.id)`,
};

async function tagItems(db: Database, where: ReturnType<typeof and>): Promise<TagItem[]> {
  const rows = await db
    .select({ tag: tags, ...memberCounts })
    .from(tags)
    .where(where)
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

async function tagDetail(db: Database, tag: TagRow): Promise<TagDetail> {
  const [[item], [switches], [requests]] = await Promise.all([
    tagItems(db, eq(tags.id, tag.id)),
    db.select({ n: count() }).from(featureSwitches).where(eq(featureSwitches.tagId, tag.id)),
    db
      .select({ n: count() })
      .from(changeRequests)
      .where(and(eq(changeRequests.tagId, tag.id), eq(changeRequests.status, 'open'))),
  ]);
  if (!item) throw notFound(REFUSALS.noSuchTag);
  return {
    ...item,
    configuration: configurationBody(tag.roles, tag.parameters),
    impact: {
      servers: item.server_count,
      clusters: item.cluster_count,
      contacts: item.contact_count,
      feature_switches: switches?.n ?? 0,
      open_change_requests: requests?.n ?? 0,
    },
  };
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Adds a tag as the last tag of each machine that lacks it; 400 for one that has 10 already. */
async function appendTag(
  tx: Tx,
  tagId: string,
  kind: 'server' | 'cluster',
  members: { id: string; certname: string }[],
): Promise<void> {
  if (members.length === 0) return;
  const table = kind === 'server' ? serverTags : clusterTags;
  const memberColumn = kind === 'server' ? serverTags.serverId : clusterTags.clusterId;
  const ids = members.map((member) => member.id);
  const stats = await tx
    .select({
      id: memberColumn,
      n: count(),
      last: sql<number>`max(${table.position})::int`,
      has: sql<boolean>`bool_or(${table.tagId} = ${tagId})`,
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
    return [{ memberId: member.id, tagId, position: (known?.last ?? -1) + 1 }];
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

/** Servers and clusters build on tags, so their modules hand in how they summarise a team's members. */
export interface TagRoutesOptions {
  serverSummaries: (db: Database, rows: ServerRow[], now: Date) => Promise<ServerSummary[]>;
  clusterSummaries: (db: Database, rows: ClusterRow[]) => Promise<ClusterSummary[]>;
}

export async function tagRoutes(app: FastifyInstance, options: TagRoutesOptions) {
  const { db } = app;

  async function team(customerId: string, name: string): Promise<TagRow> {
    const row = await findTagByName(db, customerId, name);
    if (row?.type !== 'team') throw notFound(REFUSALS.noTeamNamed, { name });
    return row;
  }

  async function load(customerId: string, id: string): Promise<TagRow> {
    const row = await findTag(db, customerId, id);
    if (!row) throw notFound(REFUSALS.noSuchTag);
    return row;
  }

  implement(app, contract.tags, {
    async teams(request) {
      const rows = await db
        .select({ name: tags.name, timezone: tags.timezone })
        .from(tags)
        .where(and(eq(tags.customerId, request.params.customer_id), eq(tags.type, 'team')))
        .orderBy(asc(tags.name));
      return { data: rows };
    },

    async teamServers(request) {
      const tag = await team(request.query.customer_id, request.query.name);
      const rows = await db
        .select({ server: servers })
        .from(serverTags)
        .innerJoin(servers, eq(servers.id, serverTags.serverId))
        .where(and(eq(serverTags.tagId, tag.id), ne(servers.status, 'decommissioned')))
        .orderBy(asc(servers.certname));
      const summaries = await options.serverSummaries(
        db,
        rows.map((row) => row.server),
        app.now(),
      );
      return {
        data: summaries.map((server) => ({
          ...server,
          team: tag.name,
          timezone: tag.timezone,
          type: 'server' as const,
        })),
      };
    },

    async teamClusters(request) {
      const tag = await team(request.query.customer_id, request.query.name);
      const rows = await db
        .select({ cluster: clusters })
        .from(clusterTags)
        .innerJoin(clusters, eq(clusters.id, clusterTags.clusterId))
        .where(and(eq(clusterTags.tagId, tag.id), ne(clusters.status, 'decommissioned')))
        .orderBy(asc(clusters.certname));
      const summaries = await options.clusterSummaries(
        db,
        rows.map((row) => row.cluster),
      );
      return {
        data: summaries.map((cluster) => ({
          ...cluster,
          team: tag.name,
          timezone: tag.timezone,
          type: 'k8s' as const,
        })),
      };
    },

    async list(request) {
      const { customer_id, type } = request.query;
      return { data: await tagItems(db, and(eq(tags.customerId, customer_id), type && eq(tags.type, type))) };
    },

    async detail(request) {
      return tagDetail(db, await load(request.params.customer_id, request.params.tag_id));
    },

    async create(request) {
      const { name, type, timezone } = request.body;
      try {
        const [row] = await db
          .insert(tags)
          .values({ customerId: request.params.customer_id, name, type, timezone })
          .returning();
        if (!row) throw new Error('insert returned no row');
        return tagDetail(db, row);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(REFUSALS.tagNamedExists, { name });
        throw error;
      }
    },

    async update(request) {
      const row = await load(request.params.customer_id, request.params.tag_id);
      const next = { ...row, ...request.body };
      if (!needsTimeZone(next)) throw new HttpError(400, timeZoneMessage, { timezone: [timeZoneMessage] });
      try {
        await db
          .update(tags)
          .set({ name: next.name, type: next.type, timezone: next.timezone })
          .where(eq(tags.id, row.id));
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(REFUSALS.tagNamedExists, { name: next.name });
        throw error;
      }
      return tagDetail(db, { ...row, ...next });
    },

    async delete(request) {
      const row = await load(request.params.customer_id, request.params.tag_id);
      // Memberships, contact links, feature switches and change requests of the tag go with it.
      await db.delete(tags).where(eq(tags.id, row.id));
      request.log.info({ tag: row.name, customerId: row.customerId }, 'tag deleted');
    },

    async members(request) {
      const { customer_id } = request.params;
      const tag = await load(customer_id, request.params.tag_id);
      const { add, remove } = request.body;
      const member = async <T extends { id: string; certname: string }>(
        table: typeof servers | typeof clusters,
        certnames: string[],
      ): Promise<T[]> => {
        if (certnames.length === 0) return [];
        const rows = (await db
          .select({ id: table.id, certname: table.certname })
          .from(table)
          .where(and(eq(table.customerId, customer_id), inArray(table.certname, certnames)))) as T[];
        const missing = certnames.find((certname) => !rows.some((row) => row.certname === certname));
        if (missing) throw fieldRefusal(400, 'add', REFUSALS.noSuchMachineNamed, { certname: missing });
        return rows;
      };
      const [addServers, addClusters, removeServers, removeClusters] = await Promise.all([
        member(servers, add.servers),
        member(clusters, add.clusters),
        member(servers, remove.servers),
        member(clusters, remove.clusters),
      ]);
      await db.transaction(async (tx) => {
        if (removeServers.length) {
          await tx.delete(serverTags).where(
            and(
              eq(serverTags.tagId, tag.id),
              inArray(
                serverTags.serverId,
                removeServers.map((row) => row.id),
              ),
            ),
          );
        }
        if (removeClusters.length) {
          await tx.delete(clusterTags).where(
            and(
              eq(clusterTags.tagId, tag.id),
              inArray(
                clusterTags.clusterId,
                removeClusters.map((row) => row.id),
              ),
            ),
          );
        }
        await appendTag(tx, tag.id, 'server', addServers);
        await appendTag(tx, tag.id, 'cluster', addClusters);
      });
      const [item] = await tagItems(db, eq(tags.id, tag.id));
      if (!item) throw notFound(REFUSALS.noSuchTag);
      return item;
    },
  });
}
