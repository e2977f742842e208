import type { Occurrence } from '@tidewatch/domain';
import { and, eq, gt, inArray, lte, ne, notExists, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import {
  clusters,
  clusterTags,
  type ServiceWindowConfigRow,
  type ServiceWindowRow,
  servers,
  serverTags,
  serviceWindowConfigs,
  serviceWindowConfigVersions,
  serviceWindowExemptions,
  serviceWindows,
  serviceWindowTargets,
  type WindowSettings,
} from '../../../db/schema';
import type { Db, Tx } from './common';

export interface Member {
  serverId: string | null;
  clusterId: string | null;
  certname: string;
}

/** A group's servers and clusters that are still managed, the kinds its window applies to. */
export async function groupMembers(
  db: Db,
  tagId: string,
  appliesTo: WindowSettings['appliesTo'],
): Promise<Member[]> {
  const [serverRows, clusterRows] = await Promise.all([
    appliesTo === 'clusters'
      ? []
      : db
          .select({ id: servers.id, certname: servers.certname })
          .from(serverTags)
          .innerJoin(servers, eq(servers.id, serverTags.serverId))
          .where(and(eq(serverTags.tagId, tagId), ne(servers.status, 'decommissioned'))),
    appliesTo === 'servers'
      ? []
      : db
          .select({ id: clusters.id, certname: clusters.certname })
          .from(clusterTags)
          .innerJoin(clusters, eq(clusters.id, clusterTags.clusterId))
          .where(and(eq(clusterTags.tagId, tagId), ne(clusters.status, 'decommissioned'))),
  ]);
  return [
    ...serverRows.map((row) => ({ serverId: row.id, clusterId: null, certname: row.certname })),
    ...clusterRows.map((row) => ({ serverId: null, clusterId: row.id, certname: row.certname })),
  ];
}

/** A group's window configuration, or null when it has none. */
export async function configurationOf(db: Db, tagId: string): Promise<ServiceWindowConfigRow | null> {
  const [row] = await db.select().from(serviceWindowConfigs).where(eq(serviceWindowConfigs.tagId, tagId));
  return row ?? null;
}

/** The groups that have a window configuration. */
export async function configuredGroupIds(db: Database): Promise<string[]> {
  const rows = await db.select({ tagId: serviceWindowConfigs.tagId }).from(serviceWindowConfigs);
  return rows.map((row) => row.tagId);
}

/** A window booked again after its group's configuration changed: it keeps its id (calendars' UID). */
type Replaced = Pick<
  ServiceWindowRow,
  'id' | 'startsAt' | 'endsAt' | 'sequence' | 'noticeSentAt' | 'createdAt'
> &
  Pick<ServiceWindowRow, 'timezone' | 'rebootAllowed' | 'noticeMinutes'>;

/**
 * Books a group's windows on these days by its configuration, each local day once (a unique
 * index): a day already booked is left as it is. The windows `replacing` (in order) give their ids
 * to the first days booked, so a moved window stays the same window; one whose time or settings
 * differ counts its version up. The windows booked now.
 */
export async function bookWindows(
  db: Db,
  config: ServiceWindowConfigRow,
  occurrences: Occurrence[],
  createdAt: Date,
  replacing: Replaced[] = [],
): Promise<ServiceWindowRow[]> {
  const { settings } = config;
  const taken = new Set(
    (
      await db
        .select({ localDate: serviceWindows.localDate })
        .from(serviceWindows)
        .where(
          and(
            eq(serviceWindows.tagId, config.tagId),
            inArray(
              serviceWindows.localDate,
              occurrences.map((occurrence) => occurrence.localDate),
            ),
          ),
        )
    ).map((row) => row.localDate),
  );
  const free = occurrences.filter((occurrence) => !taken.has(occurrence.localDate));
  if (!free.length) return [];
  return db
    .insert(serviceWindows)
    .values(
      free.map((occurrence, index) => {
        const window = {
          customerId: config.customerId,
          tagId: config.tagId,
          type: 'automatic' as const,
          localDate: occurrence.localDate,
          startsAt: occurrence.startsAt,
          endsAt: occurrence.endsAt,
          timezone: settings.timezone,
          rebootAllowed: settings.rebootAllowed,
          noticeMinutes: settings.noticeMinutes,
          createdAt,
        };
        const before = replacing[index];
        if (!before) return window;
        const moved =
          before.startsAt.getTime() !== window.startsAt.getTime() ||
          before.endsAt.getTime() !== window.endsAt.getTime() ||
          before.timezone !== window.timezone ||
          before.rebootAllowed !== window.rebootAllowed ||
          before.noticeMinutes !== window.noticeMinutes;
        return {
          ...window,
          id: before.id,
          createdAt: before.createdAt,
          sequence: before.sequence + (moved ? 1 : 0),
          // Contacts told of it hear of the new version from its invitations (sequence above theirs).
          noticeSentAt: before.noticeSentAt,
        };
      }),
    )
    .onConflictDoNothing({ target: [serviceWindows.tagId, serviceWindows.localDate] })
    .returning();
}

/** Makes every member a target of every one of the windows. */
export async function addTargets(db: Db, windowIds: string[], members: Member[]): Promise<void> {
  if (!windowIds.length || !members.length) return;
  await db
    .insert(serviceWindowTargets)
    .values(windowIds.flatMap((windowId) => members.map((member) => ({ windowId, ...member }))));
}

/** A group's configuration version (0 before the first), locked until the transaction ends. */
export async function lockConfigurationVersion(tx: Tx, tagId: string): Promise<number> {
  const [current] = await tx
    .select({ version: serviceWindowConfigs.version })
    .from(serviceWindowConfigs)
    .where(eq(serviceWindowConfigs.tagId, tagId))
    .for('update');
  return current?.version ?? 0;
}

/** Stores a group's configuration as its current one and in its history. */
export async function saveConfiguration(
  tx: Tx,
  input: {
    tagId: string;
    customerId: string;
    settings: WindowSettings;
    version: number;
    at: Date;
    byId: string | null;
    proposalId: string | null;
  },
): Promise<void> {
  const row = {
    settings: input.settings,
    version: input.version,
    updatedAt: input.at,
    updatedById: input.byId,
  };
  await tx
    .insert(serviceWindowConfigs)
    .values({ tagId: input.tagId, customerId: input.customerId, ...row })
    .onConflictDoUpdate({ target: serviceWindowConfigs.tagId, set: row });
  await tx.insert(serviceWindowConfigVersions).values({
    tagId: input.tagId,
    version: input.version,
    settings: input.settings,
    changedAt: input.at,
    changedById: input.byId,
    proposalId: input.proposalId,
  });
}

/**
 * Deletes a group's automatic windows that start after `now`, are only scheduled and nobody asked
 * to skip, to be booked again by a new configuration; answers them by start.
 */
export async function deleteRebookableWindows(tx: Tx, tagId: string, now: Date): Promise<ServiceWindowRow[]> {
  const deleted = await tx
    .delete(serviceWindows)
    .where(
      and(
        eq(serviceWindows.tagId, tagId),
        eq(serviceWindows.type, 'automatic'),
        eq(serviceWindows.status, 'scheduled'),
        gt(serviceWindows.startsAt, now),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(serviceWindowExemptions)
            .where(eq(serviceWindowExemptions.windowId, serviceWindows.id)),
        ),
      ),
    )
    .returning();
  return deleted.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

/** A target still owes its report: not exempted and silent. */
const silentTarget = (windowId: typeof serviceWindows.id) =>
  sql`exists (select 1 from ${serviceWindowTargets} t where t.window_id = ${windowId} and not t.exempted and t.reported_at is null)`;

/**
 * Moves windows along scheduled → open → closed | expired as of `now` (the rule of
 * `windowStatusAt` in the domain, applied in SQL to every window due); answers the windows that
 * opened and those that ended now.
 */
export async function moveWindowStatuses(
  db: Db,
  now: Date,
  windowIds?: string[],
): Promise<{ opened: ServiceWindowRow[]; ended: ServiceWindowRow[] }> {
  const only = windowIds ? inArray(serviceWindows.id, windowIds) : undefined;
  const live = inArray(serviceWindows.status, ['scheduled', 'open']);
  const closed = await db
    .update(serviceWindows)
    .set({ status: 'closed' })
    .where(and(only, live, lte(serviceWindows.startsAt, now), sql`not ${silentTarget(serviceWindows.id)}`))
    .returning();
  const expired = await db
    .update(serviceWindows)
    .set({ status: 'expired' })
    .where(and(only, live, lte(serviceWindows.endsAt, now)))
    .returning();
  const opened = await db
    .update(serviceWindows)
    .set({ status: 'open' })
    .where(
      and(
        only,
        eq(serviceWindows.status, 'scheduled'),
        lte(serviceWindows.startsAt, now),
        gt(serviceWindows.endsAt, now),
      ),
    )
    .returning();
  return { opened, ended: [...closed, ...expired] };
}
