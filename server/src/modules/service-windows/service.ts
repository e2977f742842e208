import { BOOKING_HORIZON_DAYS, occurrencesBetween, type Weekday } from '@tidewatch/domain';
import type { Database } from '../../db/client';
import type { ServiceWindowRow, WindowSettings } from '../../db/schema';
import { tellWindows } from './events';
import {
  addTargets,
  bookWindows,
  configurationOf,
  configuredGroupIds,
  deleteRebookableWindows,
  groupMembers,
  lockConfigurationVersion,
  saveConfiguration,
} from './repository/booking';
import type { Db, Tx } from './repository/common';

/**
 * Books a group's windows for the coming weeks from its configuration, `replacing` windows of an
 * earlier one in order (they keep their ids). Each local day is booked once (a unique index), so
 * expanding again, or on two replicas at once, adds only missing days and never moves a booked
 * window.
 */
async function bookGroup(db: Db, tagId: string, now: Date, replacing: ServiceWindowRow[] = []) {
  const config = await configurationOf(db, tagId);
  if (!config) return [];
  const { settings } = config;
  const until = new Date(now.getTime() + BOOKING_HORIZON_DAYS * 86_400_000);
  const occurrences = occurrencesBetween(
    { ...settings, weekdays: settings.weekdays as Weekday[] },
    now,
    until,
  );
  if (occurrences.length === 0) return [];
  const booked = await bookWindows(db, config, occurrences, now, replacing);
  const members = await groupMembers(db, tagId, settings.appliesTo);
  await addTargets(
    db,
    booked.map((window) => window.id),
    members,
  );
  return booked;
}

/** Books the group's missing days up to the horizon and tells its webhooks of each new window. */
export async function expandGroup(db: Db, tagId: string, now: Date): Promise<number> {
  const booked = await bookGroup(db, tagId, now);
  await tellWindows(db, 'service_window.scheduled', booked, now);
  return booked.length;
}

/** Expands every configured group; run at start and every hour. */
export async function expandAllGroups(db: Database, now: Date): Promise<number> {
  let booked = 0;
  for (const tagId of await configuredGroupIds(db)) booked += await expandGroup(db, tagId, now);
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
  const version = (await lockConfigurationVersion(tx, input.tagId)) + 1;
  await saveConfiguration(tx, {
    tagId: input.tagId,
    customerId: input.customerId,
    settings: input.settings,
    version,
    at: now,
    byId: input.byId,
    proposalId: input.proposalId ?? null,
  });
  const replaced = await deleteRebookableWindows(tx, input.tagId, now);
  const booked = await bookGroup(tx, input.tagId, now, replaced);
  const before = new Map(replaced.map((window) => [window.id, window]));
  const kept = new Set(booked.map((window) => window.id));
  await tellWindows(
    tx,
    'service_window.scheduled',
    booked.filter((window) => !before.has(window.id)),
    now,
  );
  await tellWindows(
    tx,
    'service_window.changed',
    booked.filter((window) => window.sequence > (before.get(window.id)?.sequence ?? window.sequence)),
    now,
  );
  await tellWindows(
    tx,
    'service_window.cancelled',
    replaced.filter((window) => !kept.has(window.id)),
    now,
  );
  return booked.length;
}

/** Applies a configuration in a transaction of its own. */
export function configureGroup(db: Database, input: NewConfiguration, now: Date): Promise<number> {
  return db.transaction((tx) => applyConfiguration(tx, input, now));
}
