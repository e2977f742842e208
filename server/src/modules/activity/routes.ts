import { brand } from '@tidewatch/content';
import {
  ACTIVITY_ACTIONS,
  ActivityAction,
  type ActivityEvent,
  contract,
  type SearchResult,
} from '@tidewatch/contract';
import { can } from '@tidewatch/domain';
import { and, asc, desc, eq, gte, inArray, lt, ne, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type AuditRow, auditLog, clusters, customers, servers, tags } from '../../db/schema';
import { implement } from '../../lib/route';
import { containing } from '../../lib/search';
import { requireAuth } from '../../plugins/access';
import type { ActivityDetail } from '../auth/audit-repository';

/** How many of each kind the palette shows: enough to pick from, few enough to read at a glance. */
const SEARCH_LIMIT_PER_KIND = 5;

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
      const found: Promise<SearchResult[]>[] = [];
      if (customerId) {
        found.push(
          db
            .select({ name: servers.certname })
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
            .then((rows) => rows.map((row) => ({ kind: 'server' as const, ...row, detail: null }))),
          db
            .select({ name: clusters.certname })
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
            .then((rows) => rows.map((row) => ({ kind: 'cluster' as const, ...row, detail: null }))),
        );
        for (const kind of ['tag', 'team'] as const) {
          found.push(
            db
              .select({ name: tags.name })
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
              .then((rows) => rows.map((row) => ({ kind, ...row, detail: null }))),
          );
        }
      }
      if (staff) {
        found.push(
          db
            .select({ name: customers.id, detail: customers.companyName })
            .from(customers)
            .where(
              and(
                ne(customers.id, brand.adminCustomer.id),
                or(containing(customers.id, q), containing(customers.companyName, q)) as SQL,
              ),
            )
            .orderBy(asc(customers.companyName))
            .limit(SEARCH_LIMIT_PER_KIND)
            .then((rows) => rows.map((row) => ({ kind: 'customer' as const, ...row }))),
        );
      }
      return { data: (await Promise.all(found)).flat() };
    },
  });
}
