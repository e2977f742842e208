import type { WindowConfiguration } from '@tidewatch/contract';
import { and, asc, count, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Tenant } from '../../../core/tenant';
import type { Database } from '../../../db/client';
import {
  clusters,
  clusterTags,
  servers,
  serverTags,
  serviceWindowConfigs,
  serviceWindowConfigVersions,
  serviceWindowProposals,
  tags,
} from '../../../db/schema';
import { settingsToBody } from '../settings';
import { peopleById } from './common';

/** The tenant's update group of that id, or null. */
export async function findGroup(db: Database, tenant: Tenant, tagId: string) {
  const [row] = await db
    .select()
    .from(tags)
    .where(and(eq(tags.customerId, tenant.customerId), eq(tags.id, tagId), eq(tags.type, 'update_group')));
  return row ?? null;
}

/** The tenant's update groups with their configuration, members and pending proposals. */
export async function configurationsOf(
  db: Database,
  tenant: Tenant,
  tagId?: string,
): Promise<WindowConfiguration[]> {
  const groups = await db
    .select({ tag: tags, config: serviceWindowConfigs })
    .from(tags)
    .leftJoin(serviceWindowConfigs, eq(serviceWindowConfigs.tagId, tags.id))
    .where(
      and(
        eq(tags.customerId, tenant.customerId),
        eq(tags.type, 'update_group'),
        tagId ? eq(tags.id, tagId) : undefined,
      ),
    )
    .orderBy(asc(tags.name));
  const ids = groups.map((group) => group.tag.id);
  if (ids.length === 0) return [];
  const [serverMembers, clusterMembers, pending, person] = await Promise.all([
    db
      .select({ tagId: serverTags.tagId, certname: servers.certname })
      .from(serverTags)
      .innerJoin(servers, eq(servers.id, serverTags.serverId))
      .where(and(inArray(serverTags.tagId, ids), ne(servers.status, 'decommissioned')))
      .orderBy(asc(servers.certname)),
    db
      .select({ tagId: clusterTags.tagId, certname: clusters.certname })
      .from(clusterTags)
      .innerJoin(clusters, eq(clusters.id, clusterTags.clusterId))
      .where(and(inArray(clusterTags.tagId, ids), ne(clusters.status, 'decommissioned')))
      .orderBy(asc(clusters.certname)),
    db
      .select({ tagId: serviceWindowProposals.tagId, n: count() })
      .from(serviceWindowProposals)
      .where(and(inArray(serviceWindowProposals.tagId, ids), eq(serviceWindowProposals.status, 'pending')))
      .groupBy(serviceWindowProposals.tagId),
    peopleById(
      db,
      groups.map((group) => group.config?.updatedById ?? null),
    ),
  ]);
  return groups.map(({ tag, config }) => ({
    group: { id: tag.id, name: tag.name, timezone: tag.timezone },
    settings: config ? settingsToBody(config.settings) : null,
    version: config?.version ?? 0,
    updated_at: config?.updatedAt.toISOString() ?? null,
    updated_by: person(config?.updatedById ?? null),
    members: {
      servers: serverMembers.filter((row) => row.tagId === tag.id).map((row) => row.certname),
      clusters: clusterMembers.filter((row) => row.tagId === tag.id).map((row) => row.certname),
    },
    pending_proposals: pending.find((row) => row.tagId === tag.id)?.n ?? 0,
  }));
}

/** A group's configuration history, newest first; the group is one the tenant's lookup found. */
export function versionsOf(db: Database, tagId: string) {
  return db
    .select()
    .from(serviceWindowConfigVersions)
    .where(eq(serviceWindowConfigVersions.tagId, tagId))
    .orderBy(desc(serviceWindowConfigVersions.version));
}
