import { z } from 'zod';
import { ClusterSummary } from './clusters';
import { CustomerId, dataEnvelope } from './common';
import { Certname, Configuration, TagId, TagName } from './infrastructure';
import { defineRoute, requires, sessionAccess } from './route';
import { ServerSummary } from './servers';
import { TimeZone } from './signup';

/** A team as the sidebar and the team page list it (spec section 3: name, timezone). */
export const TeamItem = z.object({ name: z.string(), timezone: z.string().nullable() });
export type TeamItem = z.infer<typeof TeamItem>;

export const TAG_TYPES = ['team', 'update_group', 'plain'] as const;
export const TagType = z.enum(TAG_TYPES);

export const TagItem = z.object({
  id: TagId,
  name: z.string(),
  type: TagType,
  timezone: z.string().nullable(),
  server_count: z.number().int(),
  cluster_count: z.number().int(),
  contact_count: z.number().int(),
});
export type TagItem = z.infer<typeof TagItem>;

export const TagDetail = TagItem.extend({
  configuration: Configuration,
  /** What deleting the tag would take with it. */
  impact: z.object({
    servers: z.number().int(),
    clusters: z.number().int(),
    contacts: z.number().int(),
    feature_switches: z.number().int(),
    open_change_requests: z.number().int(),
  }),
});
export type TagDetail = z.infer<typeof TagDetail>;

/** The merged team lists of spec section 3: each item carries its team's name, time zone and type. */
const teamMember = { team: z.string(), timezone: z.string().nullable() };
export const TeamServerItem = ServerSummary.extend({ ...teamMember, type: z.literal('server') });
export const TeamClusterItem = ClusterSummary.extend({ ...teamMember, type: z.literal('k8s') });

/** Teams and update groups work in a time zone; plain tags need none. */
export const needsTimeZone = (tag: { type?: string; timezone?: string | null }) =>
  !(tag.type === 'team' || tag.type === 'update_group') || Boolean(tag.timezone);
export const timeZoneMessage = /*i18n*/ 'Choose a time zone for a team or an update group';

const Members = z.object({
  servers: z.array(Certname).max(1000).default([]),
  clusters: z.array(Certname).max(1000).default([]),
});

const tagParams = z.object({ customer_id: CustomerId, tag_id: TagId });
const teamQuery = z.object({ customer_id: CustomerId, name: TagName });

export const tagRoutes = {
  teams: defineRoute({
    method: 'GET',
    path: '/tags/team/customer/{customer_id}',
    access: sessionAccess,
    summary: "A customer's teams, by name",
    params: z.object({ customer_id: CustomerId }),
    tenant: { from: 'params', key: 'customer_id' },
    response: dataEnvelope(z.array(TeamItem)),
  }),
  teamServers: defineRoute({
    method: 'GET',
    path: '/tags/team/servers',
    access: sessionAccess,
    summary: "A team's servers (404 for no such team)",
    query: teamQuery,
    tenant: { from: 'query', key: 'customer_id' },
    response: dataEnvelope(z.array(TeamServerItem)),
  }),
  teamClusters: defineRoute({
    method: 'GET',
    path: '/tags/team/clusters',
    access: sessionAccess,
    summary: "A team's clusters (404 for no such team)",
    query: teamQuery,
    tenant: { from: 'query', key: 'customer_id' },
    response: dataEnvelope(z.array(TeamClusterItem)),
  }),
  list: defineRoute({
    method: 'GET',
    path: '/tags',
    access: sessionAccess,
    summary: "A customer's tags by name; `type=update_groups` lists update groups",
    query: z.object({
      customer_id: CustomerId,
      type: z
        .enum(['team', 'update_groups', 'update_group', 'plain'])
        .optional()
        .transform((type) => (type === 'update_groups' ? 'update_group' : type)),
    }),
    tenant: { from: 'query', key: 'customer_id' },
    response: dataEnvelope(z.array(TagItem)),
  }),
  detail: defineRoute({
    method: 'GET',
    path: '/customer/{customer_id}/tags/{tag_id}',
    access: sessionAccess,
    summary: 'One tag with its configuration and what deleting it would affect',
    params: tagParams,
    tenant: { from: 'params', key: 'customer_id' },
    response: TagDetail,
  }),
  create: defineRoute({
    method: 'POST',
    creates: true,
    path: '/customer/{customer_id}/tags',
    access: requires('infrastructure.manage'),
    summary: 'Create a tag (409 when the name is taken)',
    params: z.object({ customer_id: CustomerId }),
    body: z
      .object({ name: TagName, type: TagType.default('plain'), timezone: TimeZone.nullable().default(null) })
      .refine(needsTimeZone, { error: timeZoneMessage, path: ['timezone'] }),
    tenant: { from: 'params', key: 'customer_id' },
    response: TagDetail,
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/customer/{customer_id}/tags/{tag_id}',
    access: requires('infrastructure.manage'),
    summary: 'Rename a tag or change its type or time zone (a team or update group needs one)',
    params: tagParams,
    body: z.object({
      name: TagName.optional(),
      type: TagType.optional(),
      timezone: TimeZone.nullable().optional(),
    }),
    tenant: { from: 'params', key: 'customer_id' },
    response: TagDetail,
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/customer/{customer_id}/tags/{tag_id}',
    access: requires('infrastructure.manage'),
    summary:
      'Delete a tag: it leaves its servers, clusters and contacts; its feature switches and change requests go',
    params: tagParams,
    tenant: { from: 'params', key: 'customer_id' },
  }),
  members: defineRoute({
    method: 'PATCH',
    path: '/customer/{customer_id}/tags/{tag_id}/members',
    access: requires('infrastructure.manage'),
    summary: 'Add servers and clusters to a tag (as their last tag) and remove others',
    params: tagParams,
    body: z.object({
      add: Members.default({ servers: [], clusters: [] }),
      remove: Members.default({ servers: [], clusters: [] }),
    }),
    tenant: { from: 'params', key: 'customer_id' },
    response: TagItem,
  }),
};
