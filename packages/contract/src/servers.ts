import { z } from 'zod';
import { CustomerId, dataEnvelope, IsoDateTime, text } from './common';
import {
  Certname,
  Configuration,
  Cursor,
  LastRun,
  PageLimit,
  Plan,
  pageOf,
  RoleId,
  ServerStatus,
  TagList,
  TagName,
} from './infrastructure';
import { defineRoute, requires, sessionAccess } from './route';
import { FLEET_SORTS, SERVER_SORTS } from './vocabulary';

/** The OS a server reported, with its end of life from the catalogue when it is listed there. */
export const ServerOs = z.object({
  family: z.string().nullable(),
  distribution: z.string(),
  version: z.string(),
  /** "Ubuntu 22.04", from the catalogue or the distribution's own name. */
  name: z.string(),
  end_of_life: z.iso.date().nullable(),
  past_end_of_life: z.boolean(),
});

/** A row of the server list. */
export const ServerSummary = z.object({
  certname: Certname,
  hostname: z.string(),
  status: ServerStatus,
  plan: Plan.nullable(),
  roles: z.array(RoleId),
  tags: z.array(z.string()),
  os: ServerOs.nullable(),
  last_seen: IsoDateTime.nullable(),
  last_run: LastRun.nullable(),
  created: IsoDateTime,
});
export type ServerSummary = z.infer<typeof ServerSummary>;

export const AgentRun = z.object({
  started_at: IsoDateTime,
  duration_ms: z.number().int(),
  status: LastRun.shape.status,
  summary: z.string(),
});

export const ServerDetail = ServerSummary.extend({
  kernel: z.string().nullable(),
  location: z.string().nullable(),
  /** The first of its tags that is an update group. */
  update_group: z.string().nullable(),
  facts: z.record(z.string(), z.string()),
  install_failure_reason: z.string().nullable(),
  configuration: Configuration,
  /** The server's tags that give it roles, in the server's tag order (earlier wins). */
  tag_roles: z.array(z.object({ tag: z.string(), roles: z.array(RoleId) })),
  /** Numbers of change requests still open for this server. */
  open_change_requests: z.array(z.number().int()),
  /** The latest agent runs, newest first. */
  runs: z.array(AgentRun),
});
export type ServerDetail = z.infer<typeof ServerDetail>;

/** Search and filters shared by the list and the CSV export. */
export const ServerFilters = z.object({
  /** Part of the certname. */
  q: text().trim().max(100).optional(),
  tag: TagName.optional(),
  distribution: text().max(40).optional(),
  version: text().max(40).optional(),
  /** A plan, or `none` for unmanaged servers. */
  plan: z.enum([...Plan.options, 'none']).optional(),
  status: ServerStatus.optional(),
  /** A leading `-` sorts descending; ties are broken by certname. */
  sort: z.enum(SERVER_SORTS).default('certname'),
});
export type ServerFilters = z.infer<typeof ServerFilters>;

/** A row of the fleet view: a server with the customer it belongs to. */
export const FleetServer = ServerSummary.extend({ customer_id: CustomerId, customer_name: z.string() });
export type FleetServer = z.infer<typeof FleetServer>;

/** `attention` puts failing servers first, then stale ones, then the rest, each by certname. */
/** The fleet's filters: a customer instead of a tag (tags belong to one customer). */
export const FleetFilters = ServerFilters.omit({ tag: true, sort: true }).extend({
  customer_id: CustomerId.optional(),
  sort: z.enum(FLEET_SORTS).default('attention'),
});
export type FleetFilters = z.infer<typeof FleetFilters>;

const customerParams = z.object({ customer_id: CustomerId });
const serverParams = customerParams.extend({ certname: Certname });
const tenant = { from: 'params', key: 'customer_id' } as const;

export const OsSummaryItem = z.object({
  distribution: z.string(),
  version: z.string(),
  name: z.string(),
  family: z.string().nullable(),
  count: z.number().int(),
  end_of_life: z.iso.date().nullable(),
  past_end_of_life: z.boolean(),
});

export const serverRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/customer/{customer_id}/servers',
    access: sessionAccess,
    tokenScope: 'servers:read',
    summary: "A customer's servers: search, filters, sort and keyset pages",
    params: customerParams,
    query: ServerFilters.extend({ cursor: Cursor.optional(), limit: PageLimit }),
    tenant,
    response: pageOf(ServerSummary),
  }),
  export: defineRoute({
    method: 'GET',
    path: '/customer/{customer_id}/servers/export.csv',
    access: sessionAccess,
    tokenScope: 'servers:read',
    summary: 'The filtered server list as CSV (text/csv, every page)',
    params: customerParams,
    query: ServerFilters,
    tenant,
  }),
  os: defineRoute({
    method: 'GET',
    path: '/customer/{customer_id}/servers/os',
    access: sessionAccess,
    tokenScope: 'servers:read',
    summary: 'Servers by distribution and version, with end of life',
    params: customerParams,
    tenant,
    response: dataEnvelope(z.array(OsSummaryItem)),
  }),
  detail: defineRoute({
    method: 'GET',
    path: '/customer/{customer_id}/servers/{certname}',
    access: sessionAccess,
    tokenScope: 'servers:read',
    summary: 'One server: facts, tags, roles, plan, configuration and recent agent runs',
    params: serverParams,
    tenant,
    response: ServerDetail,
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/customer/{customer_id}/servers/{certname}',
    access: requires('infrastructure.manage'),
    tokenScope: 'servers:write',
    summary: "Set a server's tags (in order) or plan; roles change through change requests",
    params: serverParams,
    body: z.object({ tags: TagList.optional(), plan: Plan.nullable().optional() }),
    tenant,
    response: ServerDetail,
  }),
  decommission: defineRoute({
    method: 'DELETE',
    path: '/customer/{customer_id}/servers/{certname}',
    access: requires('infrastructure.manage'),
    tokenScope: 'servers:write',
    summary: 'Decommission a server: its agent credential stops working and it is no longer billed',
    params: serverParams,
    tenant,
  }),
  bulkTags: defineRoute({
    method: 'POST',
    path: '/customer/{customer_id}/servers/bulk-tags',
    access: requires('infrastructure.manage'),
    tokenScope: 'servers:write',
    summary: 'Add tags to (at the end) and remove tags from many servers at once',
    params: customerParams,
    body: z
      .object({
        certnames: z
          .array(Certname)
          .min(1, { error: /*i18n*/ 'Choose at least one server' })
          .max(1000, { error: /*i18n*/ 'Choose at most 1000 servers at a time' }),
        add: z.array(TagName).max(10).default([]),
        remove: z.array(TagName).max(10).default([]),
      })
      .refine((body) => body.add.length + body.remove.length > 0, {
        error: /*i18n*/ 'Choose a tag to add or remove',
        path: ['add'],
      }),
    tenant,
    response: z.object({ updated: z.number().int() }),
  }),
};

/** Every customer's servers in one list, for staff. */
export const fleetRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/admin/fleet',
    access: requires('fleet.view'),
    summary: "Every customer's servers: failing and stale first, filters and keyset pages",
    query: FleetFilters.extend({ cursor: Cursor.optional(), limit: PageLimit }),
    tenant: { from: 'query', key: 'customer_id' },
    response: pageOf(FleetServer),
  }),
  export: defineRoute({
    method: 'GET',
    path: '/admin/fleet/export.csv',
    access: requires('fleet.view'),
    summary: 'The filtered fleet as CSV (text/csv, every page), with a customer column',
    query: FleetFilters,
    tenant: { from: 'query', key: 'customer_id' },
  }),
};
