import {
  contract,
  type FleetServer,
  MAX_SERVER_TAGS,
  REFUSALS,
  type ServerDetail,
  type ServerSummary,
} from '@tidewatch/contract';
import { stringify } from 'csv-stringify/sync';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { tenantOf } from '../../core/access';
import { implement } from '../../core/route';
import type { Tenant } from '../../core/tenant';
import type { Database } from '../../db/client';
import { NO_ROWS, pageTotal } from '../../lib/bounded-total';
import { spreadsheetCell } from '../../lib/csv';
import { conflict, fieldRefusal, notFound } from '../../lib/http-error';
import { configurationBody } from '../configuration';
import { changePlanFor, endPlanAtMonthEnd } from '../plans';
import { replaceServerTags, replaceTags, tagsByName } from '../tags';
import {
  countServers,
  findServer,
  fleetSummariesOf,
  type ListOptions,
  listedSummaries,
  listServers,
  markDecommissioned,
  osCounts,
  osOf,
  type ServerFilter,
  type ServerRow,
  serverDetailRows,
  serverFilter,
  serversByCertname,
  summariesOf,
  tagNamesOf,
} from './repository';

const RECENT_RUNS = 20;

async function serverDetail(db: Database, row: ServerRow, now: Date): Promise<ServerDetail> {
  const [summary] = await summariesOf(db, [row], now);
  const { runs, openRequests, tagRows } = await serverDetailRows(db, row, RECENT_RUNS);
  if (!summary) throw new Error('summary of a loaded server');
  return {
    ...summary,
    kernel: row.kernel,
    location: row.location,
    update_group: tagRows.find((tag) => tag.type === 'update_group')?.name ?? null,
    facts: row.facts,
    install_failure_reason: row.installFailureReason,
    configuration: configurationBody(row.roles, row.parameters),
    tag_roles: tagRows
      .filter((tag) => tag.roles.length > 0)
      .map((tag) => ({ tag: tag.name, roles: tag.roles })),
    open_change_requests: openRequests.map((request) => request.number),
    runs: runs.map((run) => ({
      started_at: run.startedAt.toISOString(),
      duration_ms: run.durationMs,
      status: run.status,
      summary: run.summary,
    })),
  };
}

/** Every row of a filtered list, for its CSV export. */
const everyRow = (sort: string) => ({ sort, limit: 100_000 });

const CSV_COLUMNS = [
  'certname',
  'status',
  'plan',
  'roles',
  'tags',
  'os',
  'end_of_life',
  'past_end_of_life',
  'last_seen',
  'last_run',
  'created',
];

/** The list as CSV, one server a line; fleet rows lead with their customer. */
function sendCsv(
  reply: FastifyReply,
  name: string,
  rows: (ServerSummary & Partial<FleetServer>)[],
  withCustomer = false,
) {
  const csv = stringify(
    rows.map((server) => [
      ...(withCustomer ? [server.customer_id ?? '', spreadsheetCell(server.customer_name)] : []),
      server.certname,
      server.status,
      server.plan ?? '',
      server.roles.join(' '),
      server.tags.join('; '),
      spreadsheetCell(server.os?.name),
      server.os?.end_of_life ?? '',
      server.os?.past_end_of_life ? 'yes' : 'no',
      server.last_seen ?? '',
      server.last_run?.status ?? '',
      server.created,
    ]),
    { header: true, columns: [...(withCustomer ? ['customer_id', 'customer'] : []), ...CSV_COLUMNS] },
  );
  const date = reply.server.now().toISOString().slice(0, 10);
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${date}.csv"`)
    .send(csv);
}

export async function serverRoutes(app: FastifyInstance) {
  const { db } = app;

  async function load(tenant: Tenant, certname: string): Promise<ServerRow> {
    const row = await findServer(db, tenant, certname);
    if (!row) throw notFound(REFUSALS.noSuchServer);
    return row;
  }

  /**
   * One keyset page of the filtered servers, with the total on the first page: counted once per
   * filter (`filterKey`) and kept briefly.
   */
  async function pageOf(filter: ServerFilter | null, filterKey: unknown, options: ListOptions) {
    if (!filter) return { rows: [], next_cursor: null, ...pageTotal(NO_ROWS) };
    const [page, total] = await Promise.all([
      listServers(db, filter, options),
      options.cursor ? null : app.listTotals.get(JSON.stringify(filterKey), () => countServers(db, filter)),
    ]);
    return { rows: page.rows, next_cursor: page.nextCursor, ...pageTotal(total) };
  }

  implement(app, contract.servers, {
    async list(request) {
      const { cursor, limit, sort, ...filters } = request.query;
      const tenant = tenantOf(request);
      const filter = serverFilter(tenant, filters);
      const { rows, ...page } = await pageOf(filter, ['servers', tenant.customerId, filters], {
        sort,
        cursor,
        limit,
      });
      return { data: listedSummaries(rows, app.now()), ...page };
    },

    async export(request, reply) {
      const tenant = tenantOf(request);
      const filter = serverFilter(tenant, request.query);
      const rows = filter
        ? listedSummaries((await listServers(db, filter, everyRow(request.query.sort))).rows, app.now())
        : [];
      return sendCsv(reply, `servers-${tenant.customerId}`, rows);
    },

    async os(request) {
      const now = app.now();
      const rows = await osCounts(db, tenantOf(request));
      // Named as the list names a server's system, save that a group has no one server's pretty name.
      const data = rows.flatMap((row) => {
        const os = osOf({ ...row, facts: {} }, now);
        return os ? [{ ...os, count: row.count }] : [];
      });
      return { data };
    },

    async detail(request) {
      const row = await load(tenantOf(request), request.params.certname);
      return serverDetail(db, row, app.now());
    },

    async update(request) {
      const { certname } = request.params;
      const tenant = tenantOf(request);
      const row = await load(tenant, certname);
      const { tags: tagNames, plan } = request.body;
      const tagRows = tagNames ? await tagsByName(db, tenant, tagNames) : null;
      await db.transaction(async (tx) => {
        // The same rules as the finance API's plan change: a downgrade waits for next month.
        if (plan !== undefined && plan !== row.plan) {
          await changePlanFor(tx, request, { customerId: tenant.customerId, kind: 'server', certname }, plan);
        }
        if (tagRows)
          await replaceTags(
            tx,
            { serverId: row.id },
            tagRows.map((tag) => tag.id),
          );
      });
      return serverDetail(db, await load(tenant, certname), app.now());
    },

    async decommission(request) {
      const row = await load(tenantOf(request), request.params.certname);
      if (row.status === 'decommissioned') throw conflict(REFUSALS.serverDecommissioned);
      const now = app.now();
      await db.transaction(async (tx) => {
        await markDecommissioned(tx, row, now);
        await endPlanAtMonthEnd(
          tx,
          { customerId: row.customerId, kind: 'server', certname: row.certname },
          now,
        );
      });
      request.log.info({ certname: row.certname }, 'server decommissioned');
    },

    async bulkTags(request) {
      const tenant = tenantOf(request);
      const { certnames, add, remove } = request.body;
      const rows = await serversByCertname(db, tenant, [...new Set(certnames)]);
      const [addRows, removeRows] = await Promise.all([
        tagsByName(db, tenant, add, 'add'),
        tagsByName(db, tenant, remove, 'remove'),
      ]);
      const current = await tagNamesOf(
        db,
        rows.map((row) => row.id),
      );
      const idOf = new Map([...addRows, ...removeRows].map((tag) => [tag.name, tag.id]));
      const changes: { serverId: string; names: string[] }[] = [];
      for (const row of rows) {
        const before = current.get(row.id) ?? [];
        const kept = before.filter((name) => !remove.includes(name));
        const after = [...kept, ...add.filter((name) => !kept.includes(name) && !remove.includes(name))];
        if (after.length > MAX_SERVER_TAGS) {
          throw fieldRefusal(400, 'add', REFUSALS.serverWouldHaveTooManyTags, {
            certname: row.certname,
            count: MAX_SERVER_TAGS,
          });
        }
        if (after.join('\n') !== before.join('\n')) changes.push({ serverId: row.id, names: after });
      }
      if (changes.length) {
        // Tags the servers keep but this request did not name are looked up once.
        const others = [
          ...new Set(changes.flatMap((change) => change.names).filter((name) => !idOf.has(name))),
        ];
        for (const tag of await tagsByName(db, tenant, others)) idOf.set(tag.name, tag.id);
        await db.transaction((tx) =>
          replaceServerTags(
            tx,
            changes.map((change) => ({
              serverId: change.serverId,
              tagIds: change.names.map((name) => idOf.get(name) ?? ''),
            })),
          ),
        );
      }
      return { updated: changes.length };
    },
  });

  implement(app, contract.fleet, {
    async list(request) {
      const { cursor, limit, sort, customer_id, ...filters } = request.query;
      const filter = serverFilter(request.tenant, filters);
      const { rows, ...page } = await pageOf(filter, ['fleet', customer_id, filters], {
        sort,
        cursor,
        limit,
      });
      return { data: await fleetSummariesOf(db, rows, app.now()), ...page };
    },

    async export(request, reply) {
      const { customer_id, ...filters } = request.query;
      const filter = serverFilter(request.tenant, filters);
      const rows = filter
        ? await fleetSummariesOf(db, (await listServers(db, filter, everyRow(filters.sort))).rows, app.now())
        : [];
      return sendCsv(reply, customer_id ? `fleet-${customer_id}` : 'fleet', rows, true);
    },
  });
}
