import { z } from 'zod';
import { CustomerId, dataEnvelope, IsoDateTime, RowNumber, text } from './common';
import { Certname, RoleId, RoleParameters, TagName } from './infrastructure';
import { defineRoute, requires, sessionAccess } from './route';
import { CHANGE_REQUEST_STATUSES } from './vocabulary';

export const ChangeRequestStatus = z.enum(CHANGE_REQUEST_STATUSES);

export const ChangeRequestTarget = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('server'), certname: Certname }),
  z.object({ kind: z.literal('tag'), tag: TagName }),
]);

export const ChangeRequestSummary = z.object({
  number: z.number().int(),
  title: z.string(),
  target: z.object({ kind: z.enum(['server', 'tag']), name: z.string() }),
  status: ChangeRequestStatus,
  roles: z.array(RoleId),
  author: z.string(),
  /** The staff member who opened it while impersonating the author. */
  opened_by_impersonator: z.string().nullable(),
  created: IsoDateTime,
  /** Who merged or closed it, and when. */
  resolved_by: z.string().nullable(),
  resolved_at: IsoDateTime.nullable(),
});
export type ChangeRequestSummary = z.infer<typeof ChangeRequestSummary>;

export const ChangeRequestDetail = ChangeRequestSummary.extend({
  /** The configuration it was opened against, and the one it proposes (secrets masked). */
  base_yaml: z.string(),
  proposed_yaml: z.string(),
  /** Unified diff from base to proposed. */
  diff: z.string(),
  /** True while open when the target's configuration has changed since: it can't be merged. */
  outdated: z.boolean(),
});
export type ChangeRequestDetail = z.infer<typeof ChangeRequestDetail>;

const customerParams = z.object({ customer_id: CustomerId });
const requestParams = customerParams.extend({ number: RowNumber });
const tenant = { from: 'params', key: 'customer_id' } as const;

export const changeRequestRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/customer/{customer_id}/change-requests',
    access: sessionAccess,
    summary: 'Change requests, newest first',
    params: customerParams,
    query: z.object({ status: ChangeRequestStatus.optional() }),
    tenant,
    response: dataEnvelope(z.array(ChangeRequestSummary)),
  }),
  detail: defineRoute({
    method: 'GET',
    path: '/customer/{customer_id}/change-requests/{number}',
    access: sessionAccess,
    summary: 'One change request with its YAML and diff',
    params: requestParams,
    tenant,
    response: ChangeRequestDetail,
  }),
  open: defineRoute({
    method: 'POST',
    creates: true,
    path: '/customer/{customer_id}/change-requests',
    access: sessionAccess,
    summary:
      'Propose roles (at most two, blendable) and parameters for a server or a tag; live configuration changes only on merge',
    params: customerParams,
    body: z.object({
      target: ChangeRequestTarget,
      title: text().trim().max(200).optional(),
      roles: z.array(RoleId).max(2, { error: /*i18n*/ 'Choose at most 2 roles' }),
      /** Values per role; those left out keep their current value (a secret too), else the default. */
      parameters: RoleParameters.default({}),
    }),
    tenant,
    response: ChangeRequestDetail,
  }),
  merge: defineRoute({
    method: 'POST',
    path: '/customer/{customer_id}/change-requests/{number}/merge',
    access: requires('changeRequests.resolve'),
    summary: 'Merge: the proposed configuration becomes the live one (409 unless open and up to date)',
    params: requestParams,
    tenant,
    response: ChangeRequestDetail,
  }),
  close: defineRoute({
    method: 'POST',
    path: '/customer/{customer_id}/change-requests/{number}/close',
    access: requires('changeRequests.resolve'),
    summary: 'Close without merging (409 unless open)',
    params: requestParams,
    tenant,
    response: ChangeRequestDetail,
  }),
};
