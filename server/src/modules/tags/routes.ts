import {
  type ClusterSummary,
  contract,
  needsTimeZone,
  REFUSALS,
  type ServerSummary,
  type TagDetail,
  timeZoneMessage,
} from '@tidewatch/contract';
import type { FastifyInstance } from 'fastify';
import { tenantOf } from '../../core/access';
import { implement } from '../../core/route';
import type { Tenant } from '../../core/tenant';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../lib/db-errors';
import { conflict, HttpError, notFound } from '../../lib/http-error';
import { configurationBody } from '../configuration';
import {
  type ClusterRow,
  changeMembers,
  clustersTagged,
  deleteTag,
  findTag,
  findTagByName,
  insertTag,
  machinesNamed,
  type ServerRow,
  serversTagged,
  type TagRow,
  tagDependents,
  tagItems,
  teamsOf,
  updateTag,
} from './repository';

async function tagDetail(db: Database, tenant: Tenant, tag: TagRow): Promise<TagDetail> {
  const [[item], dependents] = await Promise.all([
    tagItems(db, tenant, { id: tag.id }),
    tagDependents(db, tag),
  ]);
  if (!item) throw notFound(REFUSALS.noSuchTag);
  return {
    ...item,
    configuration: configurationBody(tag.roles, tag.parameters),
    impact: {
      servers: item.server_count,
      clusters: item.cluster_count,
      contacts: item.contact_count,
      feature_switches: dependents.featureSwitches,
      open_change_requests: dependents.openChangeRequests,
    },
  };
}

/** Servers and clusters build on tags, so their modules hand in how they summarise a team's members. */
export interface TagRoutesOptions {
  serverSummaries: (db: Database, rows: ServerRow[], now: Date) => Promise<ServerSummary[]>;
  clusterSummaries: (db: Database, rows: ClusterRow[]) => Promise<ClusterSummary[]>;
}

export async function tagRoutes(app: FastifyInstance, options: TagRoutesOptions) {
  const { db } = app;

  async function team(tenant: Tenant, name: string): Promise<TagRow> {
    const row = await findTagByName(db, tenant, name);
    if (row?.type !== 'team') throw notFound(REFUSALS.noTeamNamed, { name });
    return row;
  }

  async function load(tenant: Tenant, id: string): Promise<TagRow> {
    const row = await findTag(db, tenant, id);
    if (!row) throw notFound(REFUSALS.noSuchTag);
    return row;
  }

  implement(app, contract.tags, {
    async teams(request) {
      return { data: await teamsOf(db, tenantOf(request)) };
    },

    async teamServers(request) {
      const tag = await team(tenantOf(request), request.query.name);
      const summaries = await options.serverSummaries(db, await serversTagged(db, tag), app.now());
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
      const tag = await team(tenantOf(request), request.query.name);
      const summaries = await options.clusterSummaries(db, await clustersTagged(db, tag));
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
      return { data: await tagItems(db, tenantOf(request), { type: request.query.type }) };
    },

    async detail(request) {
      const tenant = tenantOf(request);
      return tagDetail(db, tenant, await load(tenant, request.params.tag_id));
    },

    async create(request) {
      const tenant = tenantOf(request);
      const { name, type, timezone } = request.body;
      try {
        return tagDetail(db, tenant, await insertTag(db, tenant, { name, type, timezone }));
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(REFUSALS.tagNamedExists, { name });
        throw error;
      }
    },

    async update(request) {
      const tenant = tenantOf(request);
      const row = await load(tenant, request.params.tag_id);
      const next = { ...row, ...request.body };
      if (!needsTimeZone(next)) throw new HttpError(400, timeZoneMessage, { timezone: [timeZoneMessage] });
      try {
        await updateTag(db, row, { name: next.name, type: next.type, timezone: next.timezone });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(REFUSALS.tagNamedExists, { name: next.name });
        throw error;
      }
      return tagDetail(db, tenant, { ...row, ...next });
    },

    async delete(request) {
      const row = await load(tenantOf(request), request.params.tag_id);
      await deleteTag(db, row);
      request.log.info({ tag: row.name, customerId: row.customerId }, 'tag deleted');
    },

    async members(request) {
      const tenant = tenantOf(request);
      const tag = await load(tenant, request.params.tag_id);
      const { add, remove } = request.body;
      const [addServers, addClusters, removeServers, removeClusters] = await Promise.all([
        machinesNamed(db, tenant, 'server', add.servers),
        machinesNamed(db, tenant, 'cluster', add.clusters),
        machinesNamed(db, tenant, 'server', remove.servers),
        machinesNamed(db, tenant, 'cluster', remove.clusters),
      ]);
      await changeMembers(db, tag, { addServers, addClusters, removeServers, removeClusters });
      const [item] = await tagItems(db, tenant, { id: tag.id });
      if (!item) throw notFound(REFUSALS.noSuchTag);
      return item;
    },
  });
}
