import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { clusters, servers } from './infrastructure';
import { tags } from './tags';
import { users } from './users';

const customerId = () =>
  text('customer_id')
    .notNull()
    .references(() => customers.id);
const at = (name: string) => timestamp(name, { withTimezone: true });
const byUser = (name: string) => uuid(name).references(() => users.id, { onDelete: 'set null' });

export const APPLIES_TO = ['servers', 'clusters', 'both'] as const;

/** What a configuration states; kept whole in every version and every proposal. */
export interface WindowSettings {
  weekdays: number[];
  start: string;
  durationMinutes: number;
  timezone: string;
  rebootAllowed: boolean;
  appliesTo: (typeof APPLIES_TO)[number];
  noticeMinutes: number;
}

/** An update group's weekly service window, as it stands now (one per group). */
export const serviceWindowConfigs = pgTable('service_window_configs', {
  tagId: uuid('tag_id')
    .primaryKey()
    .references(() => tags.id, { onDelete: 'cascade' }),
  customerId: customerId(),
  settings: jsonb('settings').$type<WindowSettings>().notNull(),
  version: integer('version').notNull(),
  updatedAt: at('updated_at').notNull(),
  updatedById: byUser('updated_by_id'),
});
export type ServiceWindowConfigRow = typeof serviceWindowConfigs.$inferSelect;

/** Every configuration an update group has had: who set it, when, and from which proposal. */
export const serviceWindowConfigVersions = pgTable(
  'service_window_config_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    settings: jsonb('settings').$type<WindowSettings>().notNull(),
    changedAt: at('changed_at').notNull(),
    changedById: byUser('changed_by_id'),
    proposalId: uuid('proposal_id'),
  },
  (table) => [uniqueIndex('service_window_config_versions_key').on(table.tagId, table.version)],
);

export const PROPOSAL_STATUSES = ['pending', 'accepted', 'rejected'] as const;

/** A customer's proposed configuration ("Update Configuration"), accepted or rejected by staff. */
export const serviceWindowProposals = pgTable(
  'service_window_proposals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customerId(),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    settings: jsonb('settings').$type<WindowSettings>().notNull(),
    /** The group's version it was proposed against. */
    baseVersion: integer('base_version'),
    note: text('note').notNull().default(''),
    status: text('status', { enum: PROPOSAL_STATUSES }).notNull().default('pending'),
    proposedAt: at('proposed_at').notNull(),
    proposedById: byUser('proposed_by_id'),
    resolvedAt: at('resolved_at'),
    resolvedById: byUser('resolved_by_id'),
    resolutionComment: text('resolution_comment'),
  },
  (table) => [index('service_window_proposals_customer_status_idx').on(table.customerId, table.status)],
);
export type ServiceWindowProposalRow = typeof serviceWindowProposals.$inferSelect;

export const WINDOW_TYPES = ['automatic', 'adhoc'] as const;
export const WINDOW_STATUS_VALUES = ['scheduled', 'open', 'closed', 'expired'] as const;

/** A booked window: expanded from a group's configuration, or booked ad hoc by staff. */
export const serviceWindows = pgTable(
  'service_windows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customerId(),
    tagId: uuid('tag_id').references(() => tags.id, { onDelete: 'cascade' }),
    type: text('type', { enum: WINDOW_TYPES }).notNull(),
    /** The group's local day an automatic window belongs to; expansion books each day once. */
    localDate: text('local_date'),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    timezone: text('timezone').notNull(),
    rebootAllowed: boolean('reboot_allowed').notNull(),
    note: text('note').notNull().default(''),
    status: text('status', { enum: WINDOW_STATUS_VALUES }).notNull().default('scheduled'),
    noticeMinutes: integer('notice_minutes').notNull().default(0),
    noticeSentAt: at('notice_sent_at'),
    /**
     * The window's version: a change of its time or settings (a new configuration moving it keeps
     * its id) counts it up, so calendars and webhook consumers know the newer word.
     */
    sequence: integer('sequence').notNull().default(0),
    /** When the contacts were told what the window did, once it ended. */
    outcomeSentAt: at('outcome_sent_at'),
    createdAt: at('created_at').notNull().default(sql`now()`),
    createdById: byUser('created_by_id'),
  },
  (table) => [
    uniqueIndex('service_windows_group_day_key').on(table.tagId, table.localDate),
    index('service_windows_customer_start_idx').on(table.customerId, table.startsAt, table.id),
    index('service_windows_status_end_idx').on(table.status, table.endsAt),
  ],
);
export type ServiceWindowRow = typeof serviceWindows.$inferSelect;

/**
 * What each contact was last sent of a window, as a calendar invitation: its version and whether
 * it was a request or a cancellation, with the time it named. Claimed with one upsert that only a
 * newer word passes, so a contact is never told twice of one version. No foreign key: a window a
 * new configuration drops is gone, and its invitations are what its cancellation is sent from.
 */
export const serviceWindowInvites = pgTable(
  'service_window_invites',
  {
    windowId: uuid('window_id').notNull(),
    email: text('email').notNull(),
    customerId: customerId(),
    sequence: integer('sequence').notNull(),
    method: text('method', { enum: ['REQUEST', 'CANCEL'] }).notNull(),
    groupName: text('group_name').notNull(),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    timezone: text('timezone').notNull(),
    sentAt: at('sent_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.windowId, table.email] }),
    index('service_window_invites_requests_idx').on(table.startsAt).where(sql`${table.method} = 'REQUEST'`),
  ],
);
export type ServiceWindowInviteRow = typeof serviceWindowInvites.$inferSelect;

export const TARGET_RESULTS = ['success', 'failed', 'skipped'] as const;

/** A server or cluster a window is for, and what its agent reported when it was done. */
export const serviceWindowTargets = pgTable(
  'service_window_targets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    windowId: uuid('window_id')
      .notNull()
      .references(() => serviceWindows.id, { onDelete: 'cascade' }),
    serverId: uuid('server_id').references(() => servers.id, { onDelete: 'cascade' }),
    clusterId: uuid('cluster_id').references(() => clusters.id, { onDelete: 'cascade' }),
    certname: text('certname').notNull(),
    /** An approved exemption took it out of the window. */
    exempted: boolean('exempted').notNull().default(false),
    reportedAt: at('reported_at'),
    result: text('result', { enum: TARGET_RESULTS }),
    comment: text('comment'),
  },
  (table) => [
    uniqueIndex('service_window_targets_key').on(table.windowId, table.certname),
    index('service_window_targets_server_idx').on(table.serverId),
    index('service_window_targets_cluster_idx').on(table.clusterId),
  ],
);

export const EXEMPTION_STATUSES = ['requested', 'approved', 'rejected'] as const;

/** A customer's request to skip a booked window for some or all of its targets. */
export const serviceWindowExemptions = pgTable(
  'service_window_exemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customerId(),
    windowId: uuid('window_id')
      .notNull()
      .references(() => serviceWindows.id, { onDelete: 'cascade' }),
    /** The targets to skip; every target of the window when it asked for all. */
    certnames: text('certnames').array().notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: EXEMPTION_STATUSES }).notNull().default('requested'),
    requestedAt: at('requested_at').notNull(),
    requestedById: byUser('requested_by_id'),
    resolvedAt: at('resolved_at'),
    resolvedById: byUser('resolved_by_id'),
    resolutionComment: text('resolution_comment'),
  },
  (table) => [index('service_window_exemptions_customer_status_idx').on(table.customerId, table.status)],
);
export type ServiceWindowExemptionRow = typeof serviceWindowExemptions.$inferSelect;

/** A customer's calendar feed: the SHA-256 of the secret in its URL; a new secret revokes the old. */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    customerId: text('customer_id')
      .primaryKey()
      .references(() => customers.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: at('created_at').notNull(),
    createdById: byUser('created_by_id'),
  },
  (table) => [uniqueIndex('calendar_feeds_token_key').on(table.tokenHash)],
);
