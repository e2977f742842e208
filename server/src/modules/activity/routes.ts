import { Readable } from 'node:stream';
import { ActivityAction, type ActivityEvent, contract } from '@tidewatch/contract';
import { can } from '@tidewatch/domain';
import { stringify } from 'csv-stringify/sync';
import type { FastifyInstance } from 'fastify';
import { requireAuth, tenantOf } from '../../core/access';
import type { ActivityDetail } from '../../core/audit-log';
import { implement } from '../../core/route';
import { pageTotal } from '../../lib/bounded-total';
import { spreadsheetCell } from '../../lib/csv';
import { type ActivityRow, activityPage, activityRange, searchCustomers, searchTenant } from './repository';

/**
 * A row as the customer's activity shows it; a staff member is named to staff only, and in an
 * export, which must say who acted when staff acted as one of the customer's users.
 */
function toEvent(row: ActivityRow, namesStaff: boolean): ActivityEvent {
  const detail = (row.detail ?? {}) as ActivityDetail;
  const impersonating = row.actorId !== row.subjectId;
  const staff = row.actorStaff || impersonating;
  const tokenWrite = row.action === 'api_token.write';
  return {
    id: String(row.id),
    at: row.at.toISOString(),
    action: ActivityAction.parse(row.action),
    // An event sent to the webhooks was no person's doing: no one is named.
    actor: {
      staff,
      email: row.action === 'webhook.event' || (staff && !namesStaff) ? null : row.actorEmail,
    },
    acting_as: impersonating ? row.subjectEmail : null,
    reason: row.reason,
    // A token's write says what it called, and how that was answered.
    target: tokenWrite ? `${row.method} ${row.path}` : (detail.target ?? null),
    from: detail.from ?? null,
    to: tokenWrite ? (row.outcome === null ? null : String(row.outcome)) : (detail.to ?? null),
    api_token: detail.apiToken ?? null,
  };
}

const EXPORT_COLUMNS = [
  'id',
  'at',
  'action',
  'actor',
  'actor_is_staff',
  'acting_as',
  'reason',
  'target',
  'from',
  'to',
  'api_token',
] as const;

/** An export, batch by batch: CSV with its header first, or one JSON object a line. */
async function* exportLines(batches: AsyncGenerator<ActivityRow[]>, format: 'csv' | 'jsonl') {
  if (format === 'csv') yield stringify([], { header: true, columns: [...EXPORT_COLUMNS] });
  for await (const rows of batches) {
    const events = rows.map((row) => toEvent(row, true));
    if (format === 'jsonl') {
      yield events.map((event) => `${JSON.stringify(event)}\n`).join('');
      continue;
    }
    yield stringify(
      events.map((event) => [
        event.id,
        event.at,
        event.action,
        event.actor.email ?? '',
        event.actor.staff ? 'yes' : 'no',
        event.acting_as ?? '',
        spreadsheetCell(event.reason),
        spreadsheetCell(event.target),
        spreadsheetCell(event.from),
        spreadsheetCell(event.to),
        spreadsheetCell(event.api_token),
      ]),
    );
  }
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
    async export(request, reply) {
      const { from, to, format } = request.query;
      const tenant = tenantOf(request);
      const name = `activity-${tenant.customerId}-${(from ?? 'start').slice(0, 10)}-${(to ?? app.now().toISOString()).slice(0, 10)}`;
      // Streamed a batch at a time, so a year of activity costs no more memory than a page.
      return reply
        .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/jsonl; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}.${format}"`)
        .send(Readable.from(exportLines(activityRange(db, tenant, { from, to }), format)));
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
