import { BOOKING_HORIZON_DAYS, occurrencesBetween, type Weekday } from '@tidewatch/domain';
import { and, eq, gt, inArray, lte, ne, notExists, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  clusters,
  clusterTags,
  servers,
  serverTags,
  serviceWindowConfigs,
  serviceWindowConfigVersions,
  serviceWindowExemptions,
  serviceWindows,
  serviceWindowTargets,
  type WindowSettings,
} from '../../db/schema';
import type { Db, Tx } from './repository/common';

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

/**
 * Books a group's windows for the coming weeks from its configuration. Each local day is booked
 * once (a unique index), so expanding again, or on two replicas at once, adds only missing days
 * and never moves a booked window.
 */
export async function expandGroup(db: Db, tagId: string, now: Date): Promise<number> {
  const [config] = await db.select().from(serviceWindowConfigs).where(eq(serviceWindowConfigs.tagId, tagId));
  if (!config) return 0;
  const { settings } = config;
  const until = new Date(now.getTime() + BOOKING_HORIZON_DAYS * 86_400_000);
  const occurrences = occurrencesBetween(
    { ...settings, weekdays: settings.weekdays as Weekday[] },
    now,
    until,
  );
  if (occurrences.length === 0) return 0;
  const booked = await db
    .insert(serviceWindows)
    .values(
      occurrences.map((occurrence) => ({
        customerId: config.customerId,
        tagId,
        type: 'automatic' as const,
        localDate: occurrence.localDate,
        startsAt: occurrence.startsAt,
        endsAt: occurrence.endsAt,
        timezone: settings.timezone,
        rebootAllowed: settings.rebootAllowed,
        noticeMinutes: settings.noticeMinutes,
        createdAt: now,
      })),
    )
    .onConflictDoNothing({ target: [serviceWindows.tagId, serviceWindows.localDate] })
    .returning({ id: serviceWindows.id });
  const members = await groupMembers(db, tagId, settings.appliesTo);
  if (booked.length && members.length) {
    await db
      .insert(serviceWindowTargets)
      .values(booked.flatMap((window) => members.map((member) => ({ windowId: window.id, ...member }))));
  }
  return booked.length;
}

/** Expands every configured group; run at start and every hour. */
export async function expandAllGroups(db: Database, now: Date): Promise<number> {
  const configured = await db.select({ tagId: serviceWindowConfigs.tagId }).from(serviceWindowConfigs);
  let booked = 0;
  for (const { tagId } of configured) booked += await expandGroup(db, tagId, now);
  return booked;
}

interface NewConfiguration {
  tagId: string;
  customerId: string;
  settings: WindowSettings;
  byId: string | null;
  proposalId?: string;
}

/**
 * Stores a group's new configuration as the next version and books by it: future windows that are
 * only scheduled and nobody asked to skip are booked again from the new rule; open, past and
 * disputed ones stay as they were (docs/decisions/0041).
 */
export async function applyConfiguration(tx: Tx, input: NewConfiguration, now: Date): Promise<number> {
  const [current] = await tx
    .select({ version: serviceWindowConfigs.version })
    .from(serviceWindowConfigs)
    .where(eq(serviceWindowConfigs.tagId, input.tagId))
    .for('update');
  const version = (current?.version ?? 0) + 1;
  const row = { settings: input.settings, version, updatedAt: now, updatedById: input.byId };
  await tx
    .insert(serviceWindowConfigs)
    .values({ tagId: input.tagId, customerId: input.customerId, ...row })
    .onConflictDoUpdate({ target: serviceWindowConfigs.tagId, set: row });
  await tx.insert(serviceWindowConfigVersions).values({
    tagId: input.tagId,
    version,
    settings: input.settings,
    changedAt: now,
    changedById: input.byId,
    proposalId: input.proposalId ?? null,
  });
  await tx
    .delete(serviceWindows)
    .where(
      and(
        eq(serviceWindows.tagId, input.tagId),
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
    );
  return expandGroup(tx, input.tagId, now);
}

/** Applies a configuration in a transaction of its own. */
export function configureGroup(db: Database, input: NewConfiguration, now: Date): Promise<number> {
  return db.transaction((tx) => applyConfiguration(tx, input, now));
}

/** A target still owes its report: not exempted and silent. */
const silentTarget = (windowId: typeof serviceWindows.id) =>
  sql`exists (select 1 from ${serviceWindowTargets} t where t.window_id = ${windowId} and not t.exempted and t.reported_at is null)`;

/**
 * Moves windows along scheduled → open → closed | expired as of `now` (the rule of
 * `windowStatusAt` in the domain, applied in SQL to every window due).
 */
export async function advanceWindows(db: Db, now: Date, windowIds?: string[]): Promise<void> {
  const only = windowIds ? inArray(serviceWindows.id, windowIds) : undefined;
  const live = inArray(serviceWindows.status, ['scheduled', 'open']);
  await db
    .update(serviceWindows)
    .set({ status: 'closed' })
    .where(and(only, live, lte(serviceWindows.startsAt, now), sql`not ${silentTarget(serviceWindows.id)}`));
  await db
    .update(serviceWindows)
    .set({ status: 'expired' })
    .where(and(only, live, lte(serviceWindows.endsAt, now)));
  await db
    .update(serviceWindows)
    .set({ status: 'open' })
    .where(
      and(
        only,
        eq(serviceWindows.status, 'scheduled'),
        lte(serviceWindows.startsAt, now),
        gt(serviceWindows.endsAt, now),
      ),
    );
}
