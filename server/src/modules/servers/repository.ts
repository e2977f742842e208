import { osVersions } from '@tidewatch/content';
import type { FleetServer, ServerFilters, ServerSummary } from '@tidewatch/contract';
import { REFUSALS } from '@tidewatch/contract';
import { findOsVersion, isPastEndOfLife } from '@tidewatch/domain';
import { and, asc, count, desc, eq, inArray, ne, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Tenant } from '../../core/tenant';
import type { Database, Tx } from '../../db/client';
import {
  agentRuns,
  attentionOf,
  changeRequests,
  customers,
  lastSeenOf,
  osSortOf,
  planSortOf,
  type ServerRow,
  serverHeartbeats,
  servers,
  serverTags,
  tags,
} from '../../db/schema';
import { boundedTotal } from '../../lib/bounded-total';
import { fieldRefusal } from '../../lib/http-error';
import { keyset, type SortKey } from '../../lib/keyset';
import { containsPattern } from '../../lib/search';

export type { ServerRow };

/** What a row of the list needs of a server. */
export type SummaryRow = Pick<
  ServerRow,
  | 'id'
  | 'customerId'
  | 'certname'
  | 'hostname'
  | 'status'
  | 'plan'
  | 'roles'
  | 'distribution'
  | 'osVersion'
  | 'osFamily'
  | 'lastPingAt'
  | 'lastRunAt'
  | 'lastRunStatus'
  | 'createdAt'
> & { facts: { pretty_name?: string } };

/**
 * The list's columns only. Roles come as one text (PGlite parses array columns slowly, which
 * showed at 50 rows a page), the facts as the one the list shows, and the tag names, in order, with
 * the row: one query a page rather than a second for the tags.
 */
const summaryColumns = {
  id: servers.id,
  customerId: servers.customerId,
  certname: servers.certname,
  hostname: servers.hostname,
  status: servers.status,
  plan: servers.plan,
  rolesText: sql<string>`array_to_string(${servers.roles}, ',')`,
  distribution: servers.distribution,
  osVersion: servers.osVersion,
  osFamily: servers.osFamily,
  prettyName: sql<string | null>`${servers.facts}->>'pretty_name'`,
  // The heartbeat has the latest ping; the row's own time may be older (decision 0092).
  lastPingAt: sql<Date | null>`greatest("servers"."last_ping_at", (
    select h.last_ping_at from server_heartbeats h where h.server_id = "servers"."id"
  ))`.mapWith(servers.lastPingAt),
  lastRunAt: servers.lastRunAt,
  lastRunStatus: servers.lastRunStatus,
  createdAt: servers.createdAt,
  // Written out with aliases: in a one-table select drizzle leaves column names unqualified, and a
  // bare "id" here would be the tag's. Each name is looked up by the tag's key: a join here was
  // planned as a hash of the whole tags table for every row, which cost a third more.
  tagNames: sql<string[]>`coalesce((
    select json_agg((select t.name from tags t where t.id = st.tag_id) order by st.position)
    from server_tags st
    where st.server_id = "servers"."id"
  ), '[]'::json)`,
};

/** A row of the list: the summary's columns with the server's tag names. */
export type ListedRow = SummaryRow & { tagNames: string[] };

/** Built field by field: a rest-and-spread copy cost a visible share of a page's time. */
function toListedRow(row: SelectResultFields<typeof summaryColumns>): ListedRow {
  return {
    id: row.id,
    customerId: row.customerId,
    certname: row.certname,
    hostname: row.hostname,
    status: row.status,
    plan: row.plan,
    roles: row.rolesText ? row.rolesText.split(',') : [],
    distribution: row.distribution,
    osVersion: row.osVersion,
    osFamily: row.osFamily,
    facts: row.prettyName ? { pretty_name: row.prettyName } : {},
    lastPingAt: row.lastPingAt,
    lastRunAt: row.lastRunAt,
    lastRunStatus: row.lastRunStatus,
    createdAt: row.createdAt,
    tagNames: row.tagNames,
  };
}

export function osOf(row: Pick<SummaryRow, 'distribution' | 'osVersion' | 'osFamily' | 'facts'>, now: Date) {
  if (!row.distribution || !row.osVersion) return null;
  const known = findOsVersion(osVersions, row.distribution, row.osVersion);
  return {
    family: row.osFamily ?? known?.family ?? null,
    distribution: row.distribution,
    version: row.osVersion,
    name: known
      ? `${known.name} ${known.version}`
      : (row.facts.pretty_name ?? `${row.distribution} ${row.osVersion}`),
    end_of_life: known?.endOfLife ?? null,
    past_end_of_life: known ? isPastEndOfLife(known.endOfLife, now) : false,
  };
}

/** Tag names of each server, in order. */
export async function tagNamesOf(db: Database, serverIds: string[]): Promise<Map<string, string[]>> {
  const byServer = new Map<string, string[]>(serverIds.map((id) => [id, []]));
  if (serverIds.length === 0) return byServer;
  const rows = await db
    .select({ serverId: serverTags.serverId, name: tags.name })
    .from(serverTags)
    .innerJoin(tags, eq(tags.id, serverTags.tagId))
    .where(inArray(serverTags.serverId, serverIds))
    .orderBy(asc(serverTags.position));
  for (const row of rows) byServer.get(row.serverId)?.push(row.name);
  return byServer;
}

/** Each server's latest ping: its heartbeat's or its row's, whichever is later (decision 0092). */
async function lastPingsOf(db: Database, rows: SummaryRow[]): Promise<Map<string, Date | null>> {
  const beats = rows.length
    ? await db
        .select()
        .from(serverHeartbeats)
        .where(
          inArray(
            serverHeartbeats.serverId,
            rows.map((row) => row.id),
          ),
        )
    : [];
  const beatOf = new Map(beats.map((beat) => [beat.serverId, beat.lastPingAt]));
  return new Map(
    rows.map((row) => {
      const beat = beatOf.get(row.id);
      return [row.id, beat && (!row.lastPingAt || beat > row.lastPingAt) ? beat : row.lastPingAt];
    }),
  );
}

/** osOf for the rows of one answer: a page holds a handful of systems, each looked up once. */
function osLookup(now: Date) {
  const known = new Map<string, ReturnType<typeof osOf>>();
  return (row: SummaryRow) => {
    const key = `${row.distribution}\0${row.osVersion}\0${row.osFamily}\0${row.facts.pretty_name}`;
    let os = known.get(key);
    if (os === undefined) {
      os = osOf(row, now);
      known.set(key, os);
    }
    return os;
  };
}

function toSummary(row: SummaryRow, tagNames: string[], os: ServerSummary['os']): ServerSummary {
  return {
    certname: row.certname,
    hostname: row.hostname,
    status: row.status,
    plan: row.plan,
    roles: row.roles,
    tags: tagNames,
    os,
    last_seen: row.lastPingAt?.toISOString() ?? null,
    last_run:
      row.lastRunAt && row.lastRunStatus
        ? { at: row.lastRunAt.toISOString(), status: row.lastRunStatus }
        : null,
    created: row.createdAt.toISOString(),
  };
}

/** Summaries of servers read elsewhere, with their tags looked up. */
export async function summariesOf(db: Database, rows: SummaryRow[], now: Date): Promise<ServerSummary[]> {
  const [tagNames, lastPings] = await Promise.all([
    tagNamesOf(
      db,
      rows.map((row) => row.id),
    ),
    lastPingsOf(db, rows),
  ]);
  const osFor = osLookup(now);
  return rows.map((row) =>
    toSummary({ ...row, lastPingAt: lastPings.get(row.id) ?? null }, tagNames.get(row.id) ?? [], osFor(row)),
  );
}

/** Summaries of a list's rows, which carry their tags. */
export function listedSummaries(rows: ListedRow[], now: Date): ServerSummary[] {
  const osFor = osLookup(now);
  return rows.map((row) => toSummary(row, row.tagNames, osFor(row)));
}

/** The customer's name with each server, for the fleet view. */
export async function fleetSummariesOf(db: Database, rows: ListedRow[], now: Date): Promise<FleetServer[]> {
  const customerIds = [...new Set(rows.map((row) => row.customerId))];
  const names = customerIds.length
    ? await db
        .select({ id: customers.id, name: customers.companyName })
        .from(customers)
        .where(inArray(customers.id, customerIds))
    : [];
  const nameOf = new Map(names.map((customer) => [customer.id, customer.name]));
  return listedSummaries(rows, now).map((summary, index) => {
    const customerId = rows[index]?.customerId ?? '';
    return { ...summary, customer_id: customerId, customer_name: nameOf.get(customerId) ?? customerId };
  });
}

/** Sort keys as SQL; each is compared as text, a time or a number, with the certname breaking ties. */
const SORT_KEYS: Record<string, SortKey> = {
  certname: { expr: sql`${servers.certname}`, cast: 'text' },
  attention: { expr: attentionOf(servers), cast: 'integer' },
  customer: { expr: sql`${servers.customerId}`, cast: 'text' },
  last_seen: { expr: lastSeenOf(servers), cast: 'timestamptz' },
  status: { expr: sql`${servers.status}`, cast: 'text' },
  os: { expr: osSortOf(servers), cast: 'text' },
  plan: { expr: planSortOf(servers), cast: 'text' },
};

/**
 * The filters as a prepared query's condition: which of them apply (the shape, which names the
 * query) and their values, for one customer or (in the fleet view, without a tenant) all of
 * them. Decommissioned servers are left out unless asked for. Null when they can match nothing (a
 * tag across the fleet: tags are a customer's own).
 */
export interface ServerFilter {
  shape: string;
  where: SQL;
  /** The same condition with the values in place of the placeholders, for statements not prepared. */
  bound: SQL;
  params: Record<string, string>;
  /** A search pattern's selectivity depends on its value, so such a query is planned each time. */
  plannedEachTime: boolean;
}

export function serverFilter(
  tenant: Tenant | null,
  filters: Omit<ServerFilters, 'sort'>,
): ServerFilter | null {
  if (filters.tag && !tenant) return null;
  const shape: string[] = [];
  const conditions: SQL[] = [];
  const bound: SQL[] = [];
  const params: Record<string, string> = {};
  type Value = Placeholder<string> | string;
  const compare = (
    name: string,
    value: string,
    condition: (value: Value, valueNamed: (name: string) => Value) => SQL,
  ) => {
    shape.push(name);
    params[name] = value;
    conditions.push(condition(sql.placeholder(name), (other) => sql.placeholder(other)));
    bound.push(condition(value, (other) => params[other] ?? ''));
  };
  const always = (condition: SQL) => {
    conditions.push(condition);
    bound.push(condition);
  };
  if (tenant) compare('customerId', tenant.customerId, (value) => eq(servers.customerId, value));
  if (filters.status) compare('status', filters.status, (value) => sql`${servers.status} = ${value}`);
  else always(ne(servers.status, 'decommissioned'));
  // Certnames are lowercase (servers_certname_lowercase_check) and the pattern is lowercased, so a
  // case-sensitive `like` finds what `ilike` would, at a third of its cost a row.
  if (filters.q) compare('q', containsPattern(filters.q), (value) => sql`${servers.certname} like ${value}`);
  if (filters.distribution)
    compare('distribution', filters.distribution, (value) => eq(servers.distribution, value));
  if (filters.version) compare('version', filters.version, (value) => eq(servers.osVersion, value));
  if (filters.plan === 'none') {
    shape.push('noPlan');
    always(sql`${servers.plan} is null`);
  } else if (filters.plan) compare('plan', filters.plan, (value) => sql`${servers.plan} = ${value}`);
  if (filters.tag) {
    // The tag by name within the customer's own: an unknown name matches no server.
    compare(
      'tag',
      filters.tag,
      // The tag's id as a subquery of its own, found once, so the plan reads the tag's servers by
      // index as it did when the id was looked up first.
      (value, valueNamed) => sql`"servers"."id" in (
        select st.server_id from server_tags st
        where st.tag_id = (select t.id from tags t where t.customer_id = ${valueNamed('customerId')} and t.name = ${value})
      )`,
    );
  }
  return {
    shape: shape.join(','),
    where: and(...conditions) ?? sql`true`,
    bound: and(...bound) ?? sql`true`,
    params,
    plannedEachTime: 'q' in params,
  };
}

/**
 * Prepared queries of the list, per database and shape: built once rather than on every request
 * (building one cost more of a page's time than the database did), and on PostgreSQL planned once
 * per connection.
 */
const preparedQueries = new WeakMap<Database, Map<string, unknown>>();
let preparedCount = 0;

function preparedOnce<T>(db: Database, key: string, prepare: (name: string) => T): T {
  let queries = preparedQueries.get(db);
  if (!queries) {
    queries = new Map();
    preparedQueries.set(db, queries);
  }
  let query = queries.get(key) as T | undefined;
  if (!query) {
    preparedCount++;
    query = prepare(`servers_${preparedCount}`);
    queries.set(key, query);
  }
  return query;
}

export interface ListOptions {
  /** A key of SORT_KEYS, with a leading `-` for descending. */
  sort: string;
  cursor?: string;
  limit: number;
}

/** One keyset page: rows after the cursor in sort order, and the cursor of the next page. */
export async function listServers(db: Database, filter: ServerFilter, options: ListOptions) {
  const paging = keyset({
    keys: SORT_KEYS,
    unique: { name: 'certname', column: servers.certname },
    sort: options.sort,
    cursor: options.cursor,
    placeholders: true,
  });
  const key = `list|${filter.shape}|${options.sort}|${options.cursor ? 'after' : 'first'}`;
  const query = preparedOnce(db, key, (name) =>
    db
      .select({ ...summaryColumns, key: paging.keyValue })
      .from(servers)
      .where(and(filter.where, paging.after))
      .orderBy(...paging.orderBy)
      .limit(sql.placeholder('limit'))
      // An unnamed statement is planned with its values each time.
      .prepare(filter.plannedEachTime ? '' : name),
  );
  const rows = await query.execute({ ...filter.params, ...paging.params, limit: options.limit + 1 });
  const nextCursor = paging.nextCursor(rows, options.limit, (row) => row.certname);
  return { rows: rows.slice(0, options.limit).map(toListedRow), nextCursor };
}

export const countServers = (db: Database, filter: ServerFilter, exactUpTo?: number) =>
  boundedTotal(db, db.select({ one: sql`1` }).from(servers).where(filter.bound), exactUpTo);

export async function findServer(db: Database, tenant: Tenant, certname: string): Promise<ServerRow | null> {
  const [row] = await db
    .select()
    .from(servers)
    .where(and(eq(servers.customerId, tenant.customerId), eq(servers.certname, certname)))
    .limit(1);
  return row ?? null;
}

/** Servers of one customer by certname; 400 naming those that are not. */
export async function serversByCertname(
  db: Database,
  tenant: Tenant,
  certnames: string[],
): Promise<ServerRow[]> {
  if (certnames.length === 0) return [];
  const rows = await db
    .select()
    .from(servers)
    .where(and(eq(servers.customerId, tenant.customerId), inArray(servers.certname, certnames)));
  const missing = certnames.filter((certname) => !rows.some((row) => row.certname === certname));
  if (missing.length) {
    throw fieldRefusal(400, 'certnames', REFUSALS.noSuchServerNamed, {
      certname: missing.slice(0, 5).join(', '),
    });
  }
  return rows;
}

/** A customer's servers in service, counted per operating system, by distribution and version. */
export async function osCounts(db: Database, tenant: Tenant) {
  return db
    .select({
      distribution: servers.distribution,
      osVersion: servers.osVersion,
      osFamily: servers.osFamily,
      count: count(),
    })
    .from(servers)
    .where(and(eq(servers.customerId, tenant.customerId), ne(servers.status, 'decommissioned')))
    .groupBy(servers.distribution, servers.osVersion, servers.osFamily)
    .orderBy(asc(servers.distribution), asc(servers.osVersion));
}

/** What a server's detail shows beyond its summary: its latest runs, open change requests and tags. */
export async function serverDetailRows(db: Database, row: ServerRow, recentRuns: number) {
  const [runs, openRequests, tagRows] = await Promise.all([
    db
      .select()
      .from(agentRuns)
      .where(eq(agentRuns.serverId, row.id))
      .orderBy(desc(agentRuns.startedAt))
      .limit(recentRuns),
    db
      .select({ number: changeRequests.number })
      .from(changeRequests)
      .where(and(eq(changeRequests.serverId, row.id), eq(changeRequests.status, 'open')))
      .orderBy(asc(changeRequests.number)),
    db
      .select({ name: tags.name, type: tags.type, roles: tags.roles })
      .from(serverTags)
      .innerJoin(tags, eq(tags.id, serverTags.tagId))
      .where(eq(serverTags.serverId, row.id))
      .orderBy(asc(serverTags.position)),
  ]);
  return { runs, openRequests, tagRows };
}

/** Takes a server out of service: it loses its agent credential; the time ends its management (decision 0104). */
export async function markDecommissioned(tx: Tx, row: ServerRow, at: Date): Promise<void> {
  await tx
    .update(servers)
    .set({ status: 'decommissioned', agentCredentialHash: null, decommissionedAt: at })
    .where(eq(servers.id, row.id));
}
