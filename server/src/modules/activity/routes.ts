import { brand } from '@tidewatch/content';
import {
  ACTIVITY_ACTIONS,
  ActivityAction,
  type ActivityEvent,
  contract,
  type SearchKind,
  type SearchResult,
} from '@tidewatch/contract';
import { can } from '@tidewatch/domain';
import { and, asc, desc, eq, gte, inArray, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../core/access';
import type { ActivityDetail } from '../../core/audit-log';
import { implement } from '../../core/route';
import { type AuditRow, auditLog, clusters, customers, servers, tags } from '../../db/schema';
import { containing } from '../../lib/search';

/** How many of each kind the palette shows: enough to pick from, few enough to read at a glance. */
const SEARCH_LIMIT_PER_KIND = 5;

/** How many rows match in all, counted before the limit cuts them. */
const matches = sql<number>`count(*) over ()`.mapWith(Number);

interface KindFound {
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

/** A row as the customer's activity shows it; a staff member is named to staff only. */
function toEvent(row: AuditRow, viewerIsStaff: boolean): ActivityEvent {
  const detail = (row.detail ?? {}) as ActivityDetail;
  const impersonating = row.actorId !== row.subjectId;
  const staff = row.actorStaff || impersonating;
  return {
    id: String(row.id),
    at: row.at.toISOString(),
    action: ActivityAction.parse(row.action),
    actor: { staff, email: staff && !viewerIsStaff ? null : row.actorEmail },
    acting_as: impersonating ? row.subjectEmail : null,
    reason: row.reason,
    target: detail.target ?? null,
    from: detail.from ?? null,
    to: detail.to ?? null,
  };
}

export async function activityRoutes(app: FastifyInstance) {
  const { db } = app;

  implement(app, contract.activity, {
    async list(request) {
      const auth = requireAuth(request);
      const { customer_id } = request.params;
      const { kind, since, until, cursor, limit } = request.query;
      const where = and(
        eq(auditLog.subjectCustomerId, customer_id),
        inArray(auditLog.action, kind ? ACTIVITY_ACTIONS[kind] : SHOWN_ACTIONS),
        since ? gte(auditLog.at, new Date(since)) : undefined,
        until ? lt(auditLog.at, new Date(until)) : undefined,
      );
      // Ids grow with time in an append-only log, so the newest first is the highest id first.
      const rows = await db
        .select()
        .from(auditLog)
        .where(and(where, cursor ? lt(auditLog.id, Number(cursor)) : undefined))
        .orderBy(desc(auditLog.id))
        .limit(limit + 1);
      const total = cursor ? null : await db.$count(auditLog, where);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        data: page.map((row) => toEvent(row, auth.isStaff)),
        next_cursor: rows.length > limit && last ? String(last.id) : null,
        total,
      };
    },
  });

  implement(app, contract.search, {
    async search(request) {
      const auth = requireAuth(request);
      const { q } = request.query;
      const staff = can(auth.flags, 'customers.readAll');
      // Staff search the customer they chose, or only customers; everyone else their own customer.
      const customerId = request.query.customer_id ?? (staff ? null : auth.customer.id);
      const searches: Promise<KindFound>[] = [];
      if (customerId) {
        searches.push(
          db
            .select({ name: servers.certname, total: matches })
            .from(servers)
            .where(
              and(
                eq(servers.customerId, customerId),
                ne(servers.status, 'decommissioned'),
                containing(servers.certname, q),
              ),
            )
            .orderBy(asc(servers.certname))
            .limit(SEARCH_LIMIT_PER_KIND)
            .then((rows) => found('server', rows)),
          db
            .select({ name: clusters.certname, total: matches })
            .from(clusters)
            .where(
              and(
                eq(clusters.customerId, customerId),
                ne(clusters.status, 'decommissioned'),
                containing(clusters.certname, q),
              ),
            )
            .orderBy(asc(clusters.certname))
            .limit(SEARCH_LIMIT_PER_KIND)
            .then((rows) => found('cluster', rows)),
        );
        for (const kind of ['tag', 'team'] as const) {
          searches.push(
            db
              .select({ name: tags.name, total: matches })
              .from(tags)
              .where(
                and(
                  eq(tags.customerId, customerId),
                  kind === 'team' ? eq(tags.type, 'team') : ne(tags.type, 'team'),
                  containing(tags.name, q),
                ),
              )
              .orderBy(asc(tags.name))
              .limit(SEARCH_LIMIT_PER_KIND)
              .then((rows) => found(kind, rows)),
          );
        }
      }
      if (staff) {
        searches.push(
          db
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
            .then((rows) => found('customer', rows)),
        );
      }
      const kinds = await Promise.all(searches);
      return {
        data: kinds.flatMap((kind) => kind.results),
        totals: Object.fromEntries(kinds.map((kind) => [kind.kind, kind.total])),
      };
    },
  });
}
