import { brand } from '@tidewatch/content';
import { ACTIVITY_ACTIONS, type ActivityKind, type SearchKind, type SearchResult } from '@tidewatch/contract';
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gt,
  gte,
  inArray,
  lt,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Tenant } from '../../core/tenant';
import type { Database } from '../../db/client';
import { type AuditRow, auditLog, clusters, customers, servers, tags } from '../../db/schema';
import { boundedTotal } from '../../lib/bounded-total';
import { containing } from '../../lib/search';

/** How many of each kind the palette shows: enough to pick from, few enough to read at a glance. */
const SEARCH_LIMIT_PER_KIND = 5;

/** How many rows match in all, counted before the limit cuts them. */
const matches = sql<number>`count(*) over ()`.mapWith(Number);

export interface KindFound {
  kind: SearchKind;
  results: SearchResult[];
  total: number;
}

/** One kind's first few matches, and how many match in all. */
function found(kind: SearchKind, rows: { name: string; detail?: string | null; total: number }[]): KindFound {
  return {
    kind,
    results: rows.map(({ name, detail }) => ({ kind, name, detail: detail ?? null })),
    total: rows[0]?.total ?? 0,
  };
}

const SHOWN_ACTIONS = Object.values(ACTIVITY_ACTIONS).flat();

export interface ActivityFilters {
  kind?: ActivityKind | undefined;
  since?: string | undefined;
  until?: string | undefined;
  cursor?: string | undefined;
  limit: number;
}

/**
 * The status a token's write was answered with: its outcome row, appended just after it with the
 * same request id (an unanswered one, a crash mid-write, has none). Written out in full, since the
 * outer query's columns go unqualified.
 */
const outcomeStatus = sql<number | null>`(
  select outcome.status from audit_log outcome
  where outcome.subject_customer_id = audit_log.subject_customer_id
    and outcome.id > audit_log.id
    and outcome.request_id = audit_log.request_id
    and outcome.action = 'api_token.outcome'
  order by outcome.id
  limit 1
)`;

export type ActivityRow = AuditRow & { outcome: number | null };

const activityColumns = { ...getTableColumns(auditLog), outcome: outcomeStatus };

/** A page of the tenant's activity, newest first; the total on the first page. */
export async function activityPage(db: Database, tenant: Tenant, filters: ActivityFilters) {
  const { kind, since, until, cursor, limit } = filters;
  const where = and(
    eq(auditLog.subjectCustomerId, tenant.customerId),
    inArray(auditLog.action, kind ? ACTIVITY_ACTIONS[kind] : SHOWN_ACTIONS),
    since ? gte(auditLog.at, new Date(since)) : undefined,
    until ? lt(auditLog.at, new Date(until)) : undefined,
  );
  // Ids grow with time in an append-only log, so the newest first is the highest id first.
  const rows = await db
    .select(activityColumns)
    .from(auditLog)
    .where(and(where, cursor ? lt(auditLog.id, Number(cursor)) : undefined))
    .orderBy(desc(auditLog.id))
    .limit(limit + 1);
  const total = cursor
    ? null
    : await boundedTotal(db, db.select({ one: sql`1` }).from(auditLog).where(where));
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { rows: page, nextCursor: rows.length > limit && last ? String(last.id) : null, total };
}

/** How many rows an export reads at a time: memory stays flat however long the range. */
const EXPORT_BATCH = 1_000;

/** Every activity row of the tenant in [from, to), oldest first, a batch at a time. */
export async function* activityRange(
  db: Database,
  tenant: Tenant,
  range: { from?: string | undefined; to?: string | undefined },
): AsyncGenerator<ActivityRow[]> {
  let after = 0;
  for (;;) {
    const rows = await db
      .select(activityColumns)
      .from(auditLog)
      .where(
        and(
          eq(auditLog.subjectCustomerId, tenant.customerId),
          inArray(auditLog.action, SHOWN_ACTIONS),
          range.from ? gte(auditLog.at, new Date(range.from)) : undefined,
          range.to ? lt(auditLog.at, new Date(range.to)) : undefined,
          gt(auditLog.id, after),
        ),
      )
      .orderBy(asc(auditLog.id))
      .limit(EXPORT_BATCH);
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_BATCH) return;
    after = last.id;
  }
}

/** The tenant's servers, clusters, tags and teams in service whose names contain `q`. */
export function searchTenant(db: Database, tenant: Tenant, q: string): Promise<KindFound>[] {
  const machines = (kind: 'server' | 'cluster') => {
    const table = kind === 'server' ? servers : clusters;
    return db
      .select({ name: table.certname, total: matches })
      .from(table)
      .where(
        and(
          eq(table.customerId, tenant.customerId),
          ne(table.status, 'decommissioned'),
          containing(table.certname, q),
        ),
      )
      .orderBy(asc(table.certname))
      .limit(SEARCH_LIMIT_PER_KIND)
      .then((rows) => found(kind, rows));
  };
  const labels = (kind: 'tag' | 'team') =>
    db
      .select({ name: tags.name, total: matches })
      .from(tags)
      .where(
        and(
          eq(tags.customerId, tenant.customerId),
          kind === 'team' ? eq(tags.type, 'team') : ne(tags.type, 'team'),
          containing(tags.name, q),
        ),
      )
      .orderBy(asc(tags.name))
      .limit(SEARCH_LIMIT_PER_KIND)
      .then((rows) => found(kind, rows));
  return [machines('server'), machines('cluster'), labels('tag'), labels('team')];
}

/** Customers (not the house's own) whose id or company name contains `q`, for staff. */
export function searchCustomers(db: Database, q: string): Promise<KindFound> {
  return db
    .select({ name: customers.id, detail: customers.companyName, total: matches })
    .from(customers)
    .where(
      and(
        ne(customers.id, brand.adminCustomer.id),
        or(containing(customers.id, q), containing(customers.companyName, q)) as SQL,
      ),
    )
    .orderBy(asc(customers.companyName))
    .limit(SEARCH_LIMIT_PER_KIND)
    .then((rows) => found('customer', rows));
}
