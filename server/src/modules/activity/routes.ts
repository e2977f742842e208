import { ActivityAction, type ActivityEvent, contract } from '@tidewatch/contract';
import { can } from '@tidewatch/domain';
import type { FastifyInstance } from 'fastify';
import { requireAuth, tenantOf } from '../../core/access';
import type { ActivityDetail } from '../../core/audit-log';
import { implement } from '../../core/route';
import { pageTotal } from '../../lib/bounded-total';
import { type AuditRow, activityPage, searchCustomers, searchTenant } from './repository';

/** A row as the customer's activity shows it; a staff member is named to staff only. */
function toEvent(row: AuditRow, viewerIsStaff: boolean): ActivityEvent {
  const detail = (row.detail ?? {}) as ActivityDetail;
  const impersonating = row.actorId !== row.subjectId;
  const staff = row.actorStaff || impersonating;
  return {
    id: String(row.id),
    at: row.at.toISOString(),
    action: ActivityAction.parse(row.action),
    // An event sent to the webhooks was no person's doing: no one is named.
    actor: {
      staff,
      email: row.action === 'webhook.event' || (staff && !viewerIsStaff) ? null : row.actorEmail,
    },
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
      const page = await activityPage(db, tenantOf(request), request.query);
      return {
        data: page.rows.map((row) => toEvent(row, auth.isStaff)),
        next_cursor: page.nextCursor,
        ...pageTotal(page.total),
      };
    },
  });

  implement(app, contract.search, {
    async search(request) {
      const { q } = request.query;
      const staff = can(requireAuth(request).flags, 'customers.readAll');
      // Staff search the customer they chose, or only customers; everyone else their own customer.
      const tenant = request.tenant ?? (staff ? null : tenantOf(request));
      const kinds = await Promise.all([
        ...(tenant ? searchTenant(db, tenant, q) : []),
        ...(staff ? [searchCustomers(db, q)] : []),
      ]);
      return {
        data: kinds.flatMap((kind) => kind.results),
        totals: Object.fromEntries(kinds.map((kind) => [kind.kind, kind.total])),
      };
    },
  });
}
