import { z } from 'zod';
import { CustomerId, IsoDateTime, text } from './common';
import {
  Certname,
  ClusterStatus,
  Cursor,
  Hostname,
  PageLimit,
  Plan,
  pageOf,
  TagList,
  TagName,
} from './infrastructure';
import { defineRoute, requires, sessionAccess } from './route';
import { CLUSTER_PROVIDERS, CLUSTER_SORTS, CLUSTER_TYPES } from './vocabulary';

export const NodeGroup = z
  .object({
    name: text()
      .trim()
      .regex(/^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/, {
        error: /*i18n*/ 'Use lowercase letters, digits and hyphens',
      }),
    min: z.number().int().min(0).max(1000),
    max: z.number().int().min(1).max(1000),
  })
  .refine((group) => group.min <= group.max, {
    error: /*i18n*/ 'The minimum cannot be above the maximum',
    path: ['min'],
  });

export const ClusterSummary = z.object({
  certname: Certname,
  name: z.string(),
  type: z.enum(CLUSTER_TYPES),
  provider: z.enum(CLUSTER_PROVIDERS),
  kubernetes_version: z.string().nullable(),
  suite_version: z.string().nullable(),
  control_plane_replicas: z.number().int(),
  node_groups: z.array(z.object({ name: z.string(), min: z.number().int(), max: z.number().int() })),
  /** Nodes the cluster last reported. */
  node_count: z.number().int(),
  plan: Plan.nullable(),
  status: ClusterStatus,
  tags: z.array(z.string()),
  last_seen: IsoDateTime.nullable(),
  created: IsoDateTime,
});
export type ClusterSummary = z.infer<typeof ClusterSummary>;

/** What the operator needs to bootstrap the cluster's agent; the token is shown once. */
export const BootstrapToken = z.object({
  token: z.string(),
  expires_at: IsoDateTime,
  /** Stores the token where the suite's operator picks it up. */
  command: z.string(),
});

const customerParams = z.object({ customer_id: CustomerId });
const clusterParams = customerParams.extend({ certname: Certname });
const tenant = { from: 'params', key: 'customer_id' } as const;

export const clusterRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/customer/{customer_id}/clusters',
    access: sessionAccess,
    tokenScope: 'clusters:read',
    summary: "A customer's clusters: search, filters, sort and keyset pages",
    params: customerParams,
    query: z.object({
      q: text().trim().max(100).optional(),
      tag: TagName.optional(),
      provider: z.enum(CLUSTER_PROVIDERS).optional(),
      type: z.enum(CLUSTER_TYPES).optional(),
      status: ClusterStatus.optional(),
      /** A leading `-` sorts descending; ties are broken by certname. */
      sort: z.enum(CLUSTER_SORTS).default('name'),
      cursor: Cursor.optional(),
      limit: PageLimit,
    }),
    tenant,
    response: pageOf(ClusterSummary),
  }),
  detail: defineRoute({
    method: 'GET',
    path: '/customer/{customer_id}/clusters/{certname}',
    access: sessionAccess,
    tokenScope: 'clusters:read',
    summary: 'One cluster',
    params: clusterParams,
    tenant,
    response: ClusterSummary,
  }),
  create: defineRoute({
    method: 'POST',
    creates: true,
    path: '/customer/{customer_id}/clusters',
    access: requires('infrastructure.manage'),
    summary: 'Add a cluster: it is registered and answers a bootstrap token',
    params: customerParams,
    body: z.object({
      name: Hostname,
      type: z.enum(CLUSTER_TYPES),
      provider: z.enum(CLUSTER_PROVIDERS),
      plan: Plan.nullable(),
      kubernetes_version: text()
        .regex(/^1\.\d{1,2}(\.\d{1,3})?$/, { error: /*i18n*/ 'Enter a version like 1.31' })
        .optional(),
      control_plane_replicas: z.union([z.literal(1), z.literal(3), z.literal(5)]).default(3),
      node_groups: z.array(NodeGroup).max(20).default([]),
      tags: TagList.default([]),
    }),
    tenant,
    response: z.object({ cluster: ClusterSummary, bootstrap: BootstrapToken }),
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/customer/{customer_id}/clusters/{certname}',
    access: requires('infrastructure.manage'),
    summary: "Set a cluster's tags (in order) or plan",
    params: clusterParams,
    body: z.object({ tags: TagList.optional(), plan: Plan.nullable().optional() }),
    tenant,
    response: ClusterSummary,
  }),
};
