import type {
  Exemption,
  Proposal,
  ServiceWindow,
  StaffQueue,
  WindowConfiguration,
} from '@tidewatch/contract';
import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  clusters,
  clusterTags,
  customers,
  type ServiceWindowExemptionRow,
  type ServiceWindowProposalRow,
  type ServiceWindowRow,
  servers,
  serverTags,
  serviceWindowConfigs,
  serviceWindowExemptions,
  serviceWindowProposals,
  serviceWindows,
  serviceWindowTargets,
  tags,
  users,
} from '../../db/schema';
import { settingsToBody } from './service';

type Person = { name: string; email: string } | null;

/** Names and addresses of the people who acted, by id. */
export async function peopleById(
  db: Database,
  ids: (string | null)[],
): Promise<(id: string | null) => Person> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  const rows = wanted.length
    ? await db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(inArray(users.id, wanted))
    : [];
  return (id) => {
    const row = rows.find((candidate) => candidate.id === id);
    return row ? { name: row.name, email: row.email } : null;
  };
}

async function groupNames(db: Database, ids: (string | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  const rows = wanted.length
    ? await db.select({ id: tags.id, name: tags.name }).from(tags).where(inArray(tags.id, wanted))
    : [];
  return (id: string | null) => rows.find((row) => row.id === id) ?? null;
}

export async function findGroup(db: Database, customerId: string, tagId: string) {
  const [row] = await db
    .select()
    .from(tags)
    .where(and(eq(tags.customerId, customerId), eq(tags.id, tagId), eq(tags.type, 'update_group')));
  return row ?? null;
}

/** The customer's update groups with their configuration, members and pending proposals. */
export async function configurationsOf(
  db: Database,
  customerId: string,
  tagId?: string,
): Promise<WindowConfiguration[]> {
  const groups = await db
    .select({ tag: tags, config: serviceWindowConfigs })
    .from(tags)
    .leftJoin(serviceWindowConfigs, eq(serviceWindowConfigs.tagId, tags.id))
    .where(
      and(
        eq(tags.customerId, customerId),
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

export async function proposalItems(db: Database, rows: ServiceWindowProposalRow[]): Promise<Proposal[]> {
  const [person, group, configs] = await Promise.all([
    peopleById(
      db,
      rows.flatMap((row) => [row.proposedById, row.resolvedById]),
    ),
    groupNames(
      db,
      rows.map((row) => row.tagId),
    ),
    rows.length
      ? db
          .select()
          .from(serviceWindowConfigs)
          .where(
            inArray(
              serviceWindowConfigs.tagId,
              rows.map((row) => row.tagId),
            ),
          )
      : [],
  ]);
  return rows.map((row) => {
    const current = configs.find((config) => config.tagId === row.tagId);
    return {
      id: row.id,
      group: group(row.tagId) ?? { id: row.tagId, name: '' },
      settings: settingsToBody(row.settings),
      current: current ? settingsToBody(current.settings) : null,
      note: row.note,
      status: row.status,
      proposed_at: row.proposedAt.toISOString(),
      proposed_by: person(row.proposedById),
      resolved_at: row.resolvedAt?.toISOString() ?? null,
      resolved_by: person(row.resolvedById),
      resolution_comment: row.resolutionComment,
    };
  });
}

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

export async function exemptionItems(db: Database, rows: ServiceWindowExemptionRow[]): Promise<Exemption[]> {
  const windowRows = rows.length
    ? await db
        .select()
        .from(serviceWindows)
        .where(
          inArray(
            serviceWindows.id,
            rows.map((row) => row.windowId),
          ),
        )
    : [];
  const [windows, person, targets] = await Promise.all([
    windowItems(db, windowRows),
    peopleById(
      db,
      rows.flatMap((row) => [row.requestedById, row.resolvedById]),
    ),
    windowRows.length
      ? db
          .select({ windowId: serviceWindowTargets.windowId, n: count() })
          .from(serviceWindowTargets)
          .where(
            inArray(
              serviceWindowTargets.windowId,
              windowRows.map((row) => row.id),
            ),
          )
          .groupBy(serviceWindowTargets.windowId)
      : [],
  ]);
  return rows.flatMap((row) => {
    const window = windows.find((candidate) => candidate.id === row.windowId);
    if (!window) return [];
    const targetCount = targets.find((entry) => entry.windowId === row.windowId)?.n ?? 0;
    return [
      {
        id: row.id,
        window: {
          id: window.id,
          starts_at: window.starts_at,
          ends_at: window.ends_at,
          timezone: window.timezone,
          status: window.status,
          group: window.group,
        },
        certnames: row.certnames,
        all_targets: row.certnames.length >= targetCount,
        reason: row.reason,
        status: row.status,
        requested_at: row.requestedAt.toISOString(),
        requested_by: person(row.requestedById),
        resolved_at: row.resolvedAt?.toISOString() ?? null,
        resolved_by: person(row.resolvedById),
        resolution_comment: row.resolutionComment,
      },
    ];
  });
}

/** Every customer's proposals and exemptions that wait for staff, oldest first, with their customer. */
export async function staffQueue(db: Database): Promise<StaffQueue> {
  const [proposalRows, exemptionRows] = await Promise.all([
    db
      .select({ row: serviceWindowProposals, company_name: customers.companyName })
      .from(serviceWindowProposals)
      .innerJoin(customers, eq(customers.id, serviceWindowProposals.customerId))
      .where(eq(serviceWindowProposals.status, 'pending'))
      .orderBy(asc(serviceWindowProposals.proposedAt), asc(serviceWindowProposals.id)),
    db
      .select({ row: serviceWindowExemptions, company_name: customers.companyName })
      .from(serviceWindowExemptions)
      .innerJoin(customers, eq(customers.id, serviceWindowExemptions.customerId))
      .where(eq(serviceWindowExemptions.status, 'requested'))
      .orderBy(asc(serviceWindowExemptions.requestedAt), asc(serviceWindowExemptions.id)),
  ]);
  const [proposals, exemptions] = await Promise.all([
    proposalItems(
      db,
      proposalRows.map(({ row }) => row),
    ),
    exemptionItems(
      db,
      exemptionRows.map(({ row }) => row),
    ),
  ]);
  // Items keep their rows' ids (an exemption whose window is gone is left out), so names go by id.
  const names = new Map(
    [...proposalRows, ...exemptionRows].map(({ row, company_name }) => [
      row.id,
      { id: row.customerId, company_name },
    ]),
  );
  const customerOf = (id: string) => names.get(id) ?? { id: '', company_name: '' };
  return {
    proposals: proposals.map((item) => ({ ...item, customer: customerOf(item.id) })),
    exemptions: exemptions.map((item) => ({ ...item, customer: customerOf(item.id) })),
  };
}
