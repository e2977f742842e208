import { CLUSTER_STATUSES, PLAN_IDS, SERVER_STATUSES } from '@tidewatch/domain';
import { type SQLWrapper, sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { tags } from './tags';
import { users } from './users';

export const RUN_STATUSES = ['unchanged', 'changed', 'failed'] as const;

/** Role parameters per role id; secret values are sealed. */
export type StoredParameters = Record<string, Record<string, string | number | boolean | null>>;

const customerId = () =>
  text('customer_id')
    .notNull()
    .references(() => customers.id);
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`);

/**
 * How much a server needs looking at, for the fleet view's first pages: 0 failing (its install
 * or its last agent run), 1 stale, 2 the rest. The index below is on this very expression.
 */
export const attentionOf = (server: { status: SQLWrapper; lastRunStatus: SQLWrapper }) =>
  sql<number>`(case when ${server.status} = 'install_failed' or ${server.lastRunStatus} = 'failed' then 0 when ${server.status} = 'stale' then 1 else 2 end)`;

/** The list's sort keys that are expressions; each has an index on this very expression, customer first. */
export const lastSeenOf = (server: { lastPingAt: SQLWrapper }) =>
  sql`coalesce(${server.lastPingAt}, 'epoch'::timestamptz)`;
export const osSortOf = (server: { distribution: SQLWrapper; osVersion: SQLWrapper }) =>
  sql`(coalesce(${server.distribution}, '') || ' ' || coalesce(${server.osVersion}, ''))`;
export const planSortOf = (server: { plan: SQLWrapper }) => sql`coalesce(${server.plan}, '')`;

/**
 * Managed servers, `<hostname>.<customer_id>`. Facts the list filters on are columns; the rest
 * of what the agent reported is kept in `facts`.
 */
export const servers = pgTable(
  'servers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customerId(),
    certname: text('certname').notNull(),
    hostname: text('hostname').notNull(),
    /** Null: unmanaged (no subscription). */
    plan: text('plan', { enum: PLAN_IDS }),
    status: text('status', { enum: SERVER_STATUSES }).notNull().default('registered'),
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    parameters: jsonb('parameters').$type<StoredParameters>().notNull().default({}),
    osFamily: text('os_family'),
    distribution: text('distribution'),
    osVersion: text('os_version'),
    kernel: text('kernel'),
    location: text('location'),
    facts: jsonb('facts').$type<Record<string, string>>().notNull().default({}),
    installFailureReason: text('install_failure_reason'),
    /** SHA-256 of the agent's credential, issued when the server registers. */
    agentCredentialHash: text('agent_credential_hash'),
    lastPingAt: timestamp('last_ping_at', { withTimezone: true }),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    lastRunStatus: text('last_run_status', { enum: RUN_STATUSES }),
    createdAt: createdAt(),
    /** When it left management; null while managed (the monthly report counts the fleet by it). */
    decommissionedAt: timestamp('decommissioned_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('servers_certname_key').on(table.certname),
    uniqueIndex('servers_agent_credential_key').on(table.agentCredentialHash),
    // The contract's certnames are lowercase; held here too, so search can match case-sensitively.
    check('servers_certname_lowercase_check', sql`${table.certname} = lower(${table.certname})`),
    // Keyset pages per customer in each sort order (by certname, last seen, status, OS, plan,
    // attention), so a page reads its rows off the index instead of sorting the customer's fleet.
    index('servers_customer_certname_idx').on(table.customerId, table.certname),
    index('servers_customer_last_seen_idx').on(table.customerId, lastSeenOf(table), table.certname),
    index('servers_customer_status_idx').on(table.customerId, table.status, table.certname),
    index('servers_customer_os_sort_idx').on(table.customerId, osSortOf(table), table.certname),
    index('servers_customer_plan_sort_idx').on(table.customerId, planSortOf(table), table.certname),
    index('servers_customer_attention_idx').on(table.customerId, attentionOf(table), table.certname),
    // Certname search (`like '%…%'`) through trigrams rather than a scan.
    index('servers_certname_trgm_idx').using('gin', table.certname.op('gin_trgm_ops')),
    // Filters on OS and plan, each in certname order.
    index('servers_customer_os_idx').on(
      table.customerId,
      table.distribution,
      table.osVersion,
      table.certname,
    ),
    index('servers_customer_plan_idx').on(table.customerId, table.plan, table.certname),
    index('servers_status_last_ping_idx').on(table.status, table.lastPingAt),
    // The fleet view's keyset pages across customers: failing and stale first.
    index('servers_attention_idx').on(attentionOf(table), table.certname),
    // The fleet's status and plan filters in its default order, and its OS filter by last seen,
    // read off an index in order at a million servers instead of sorting every match.
    index('servers_status_plan_attention_idx').on(
      table.status,
      table.plan,
      attentionOf(table),
      table.certname,
    ),
    index('servers_os_last_seen_idx').on(
      table.distribution,
      table.osVersion,
      lastSeenOf(table),
      table.certname,
    ),
  ],
);
export type ServerRow = typeof servers.$inferSelect;

/** A server's tags in order (at most 10; earlier wins). */
export const serverTags = pgTable(
  'server_tags',
  {
    serverId: uuid('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.serverId, table.tagId] }),
    index('server_tags_tag_idx').on(table.tagId, table.serverId),
  ],
);

/**
 * Each server's latest ping, apart from its row: a ping rewrites only this narrow row, whose one
 * index (the key) it never changes, so the update is HOT and its old version is pruned on the
 * page (the migration leaves half of each page free for that). The servers row takes the time
 * only now and then (decision 0092).
 */
export const serverHeartbeats = pgTable('server_heartbeats', {
  serverId: uuid('server_id')
    .primaryKey()
    .references(() => servers.id, { onDelete: 'cascade' }),
  lastPingAt: timestamp('last_ping_at', { withTimezone: true }).notNull(),
});

/** What the agent reported after each configuration run. */
export const agentRuns = pgTable(
  'agent_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    serverId: uuid('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    status: text('status', { enum: RUN_STATUSES }).notNull(),
    summary: text('summary').notNull().default(''),
  },
  (table) => [index('agent_runs_server_started_idx').on(table.serverId, table.startedAt)],
);

export interface NodeGroup {
  name: string;
  min: number;
  max: number;
}

/** Kubernetes clusters, `<cluster>.<customer_id>`. */
export const clusters = pgTable(
  'clusters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customerId(),
    name: text('name').notNull(),
    certname: text('certname').notNull(),
    type: text('type', { enum: ['workload', 'vpn'] }).notNull(),
    provider: text('provider', { enum: ['aws', 'azure', 'hetzner', 'bare-metal', 'local'] }).notNull(),
    kubernetesVersion: text('kubernetes_version'),
    suiteVersion: text('suite_version'),
    controlPlaneReplicas: integer('control_plane_replicas').notNull().default(3),
    nodeGroups: jsonb('node_groups').$type<NodeGroup[]>().notNull().default([]),
    /** Nodes the cluster last reported. */
    nodeCount: integer('node_count').notNull().default(0),
    plan: text('plan', { enum: PLAN_IDS }),
    status: text('status', { enum: CLUSTER_STATUSES }).notNull().default('registered'),
    /** SHA-256 of the credential the cluster's operator got when it bootstrapped. */
    agentCredentialHash: text('agent_credential_hash'),
    lastPingAt: timestamp('last_ping_at', { withTimezone: true }),
    createdAt: createdAt(),
    /** When it left management; null while managed. */
    decommissionedAt: timestamp('decommissioned_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('clusters_certname_key').on(table.certname),
    uniqueIndex('clusters_agent_credential_key').on(table.agentCredentialHash),
    index('clusters_customer_certname_idx').on(table.customerId, table.certname),
  ],
);
export type ClusterRow = typeof clusters.$inferSelect;

export const clusterTags = pgTable(
  'cluster_tags',
  {
    clusterId: uuid('cluster_id')
      .notNull()
      .references(() => clusters.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.clusterId, table.tagId] }),
    index('cluster_tags_tag_idx').on(table.tagId, table.clusterId),
  ],
);

export const CONTACT_KINDS = ['alert', 'billing', 'technical'] as const;

/** People to reach about a customer's servers: who is alerted, billed, asked. */
export const contacts = pgTable(
  'contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customerId(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    kinds: text('kinds', { enum: CONTACT_KINDS }).array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (table) => [index('contacts_customer_name_idx').on(table.customerId, table.name)],
);
export type ContactRow = typeof contacts.$inferSelect;

export const contactTags = pgTable(
  'contact_tags',
  {
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.contactId, table.tagId] }),
    index('contact_tags_tag_idx').on(table.tagId),
  ],
);

/** A feature of the catalogue switched on or off for all of a customer's servers (no tag) or a tag's. */
export const featureSwitches = pgTable(
  'feature_switches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customerId(),
    featureId: text('feature_id').notNull(),
    tagId: uuid('tag_id').references(() => tags.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    updatedById: uuid('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    unique('feature_switches_scope_key')
      .on(table.customerId, table.featureId, table.tagId)
      .nullsNotDistinct(),
  ],
);

/**
 * Proposed configuration of one server or one tag ("merge request"): the YAML it was reviewed
 * as, against the configuration it would replace. Merging applies it.
 */
export const changeRequests = pgTable(
  'change_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customerId(),
    /** Numbered per customer: `!12`. */
    number: integer('number').notNull(),
    title: text('title').notNull(),
    serverId: uuid('server_id').references(() => servers.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id').references(() => tags.id, { onDelete: 'cascade' }),
    /** The certname or tag name when it was opened. */
    targetName: text('target_name').notNull(),
    roles: text('roles').array().notNull(),
    parameters: jsonb('parameters').$type<StoredParameters>().notNull(),
    baseYaml: text('base_yaml').notNull(),
    proposedYaml: text('proposed_yaml').notNull(),
    status: text('status', { enum: ['open', 'merged', 'closed'] })
      .notNull()
      .default('open'),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    /** The staff member who opened it while impersonating the author. */
    openedByImpersonatorId: uuid('opened_by_impersonator_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    openedByImpersonatorName: text('opened_by_impersonator_name'),
    resolvedById: uuid('resolved_by_id').references(() => users.id, { onDelete: 'set null' }),
    resolvedByName: text('resolved_by_name'),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('change_requests_customer_number_key').on(table.customerId, table.number),
    index('change_requests_customer_status_idx').on(table.customerId, table.status),
  ],
);
export type ChangeRequestRow = typeof changeRequests.$inferSelect;

/**
 * Short-lived secrets an install script (server) or a bootstrap (cluster) proves itself with;
 * only their SHA-256 is kept. Each belongs to one customer and one planned machine.
 */
export const installTokens = pgTable(
  'install_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customerId(),
    kind: text('kind', { enum: ['server', 'cluster'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    certname: text('certname').notNull(),
    serverId: uuid('server_id').references(() => servers.id, { onDelete: 'cascade' }),
    clusterId: uuid('cluster_id').references(() => clusters.id, { onDelete: 'cascade' }),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('install_tokens_hash_key').on(table.tokenHash)],
);
export type InstallTokenRow = typeof installTokens.$inferSelect;
