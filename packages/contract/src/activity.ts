import { z } from 'zod';
import { CustomerId, IsoDateTime, text } from './common';
import { PageLimit, pageOf } from './infrastructure';
import { defineRoute, requires, sessionAccess } from './route';
import { ACTIVITY_KINDS } from './vocabulary';

/** Every kind of row the append-only audit log holds. */
export const AUDIT_ACTIONS = [
  'impersonation.start',
  'impersonation.stop',
  'impersonation.write',
  'impersonation.outcome',
  'sign_in',
  'change_request.merge',
  'user.change',
  'plan.change',
  'webhook.event',
  'api_token.create',
  'api_token.revoke',
  'api_token.write',
  'api_token.outcome',
  'recovery_code.use',
  'two_factor.require',
  'passkey.add',
  'passkey.remove',
  'sso.configure',
  'sso.change',
  'sso.remove',
  'sso.sign_in',
] as const;

/** The activity filters a customer chooses from, each a group of audit actions. */
export const ActivityKind = z.enum(ACTIVITY_KINDS);
export type ActivityKind = z.infer<typeof ActivityKind>;

/** The actions a customer's activity shows; an impersonated write shows as the change it made. */
export const ACTIVITY_ACTIONS = {
  sign_in: ['sign_in', 'recovery_code.use', 'passkey.add', 'passkey.remove', 'sso.sign_in'],
  impersonation: ['impersonation.start', 'impersonation.stop'],
  configuration: ['change_request.merge'],
  users: ['user.change', 'two_factor.require', 'sso.configure', 'sso.change', 'sso.remove'],
  plans: ['plan.change'],
  webhooks: ['webhook.event'],
  api_tokens: ['api_token.create', 'api_token.revoke', 'api_token.write'],
} as const satisfies Record<ActivityKind, readonly (typeof AUDIT_ACTIONS)[number][]>;

export const ActivityAction = z.enum([
  'sign_in',
  'impersonation.start',
  'impersonation.stop',
  'change_request.merge',
  'user.change',
  'plan.change',
  'webhook.event',
  'api_token.create',
  'api_token.revoke',
  'api_token.write',
  'recovery_code.use',
  'two_factor.require',
  'passkey.add',
  'passkey.remove',
  'sso.configure',
  'sso.change',
  'sso.remove',
  'sso.sign_in',
]);
export type ActivityAction = z.infer<typeof ActivityAction>;

/** An activity cursor is the id of the last row seen: the log is read newest first. */
export const ActivityCursor = text().regex(/^[1-9]\d{0,14}$/, { error: /*i18n*/ 'Not a valid page link' });

export const ActivityEvent = z.object({
  id: z.string(),
  at: IsoDateTime,
  action: ActivityAction,
  /** Who acted: a staff member's address is shown to staff only (customers see "<product> staff"). */
  actor: z.object({ staff: z.boolean(), email: z.string().nullable() }),
  /** The customer's account acted as, when someone else acted (an impersonation). */
  acting_as: z.string().nullable(),
  /** The reason given for an impersonation. */
  reason: z.string().nullable(),
  /**
   * What changed: a server's or cluster's certname, a change request's title, a user's address;
   * for an event sent to the customer's webhooks, its type; for a write made with an API token, its
   * method and path; for a token made or revoked, its name.
   */
  target: z.string().nullable(),
  /** The API token a write was made with (its name), so automation is told from people. */
  api_token: z.string().nullable(),
  /** Before and after, where the change has them (a plan, a user's roles); what an event was about in `to`. */
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type ActivityEvent = z.infer<typeof ActivityEvent>;

export const ActivityFilters = z.object({
  kind: ActivityKind.optional(),
  /** From this time on, and before `until` (the portal sends the local start of each chosen day). */
  since: IsoDateTime.optional(),
  until: IsoDateTime.optional(),
});

export const activityRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/customer/{customer_id}/activity',
    access: requires('activity.read'),
    tokenScope: 'activity:read',
    summary: "A customer's own audit trail, newest first, in keyset pages",
    params: z.object({ customer_id: CustomerId }),
    query: ActivityFilters.extend({ cursor: ActivityCursor.optional(), limit: PageLimit }),
    tenant: { from: 'params', key: 'customer_id' },
    response: pageOf(ActivityEvent),
  }),
  export: defineRoute({
    method: 'GET',
    path: '/customer/{customer_id}/activity/export',
    access: requires('activity.read'),
    tokenScope: 'activity:read',
    summary:
      "The customer's activity from `from` until `to`, in the order it was recorded, streamed as CSV or JSON Lines (one event a line)",
    params: z.object({ customer_id: CustomerId }),
    query: z.object({
      from: IsoDateTime.optional(),
      to: IsoDateTime.optional(),
      format: z.enum(['csv', 'jsonl']).default('csv'),
    }),
    tenant: { from: 'params', key: 'customer_id' },
    download: true,
  }),
};

/** One thing the command palette can open; `name` is what a link to it is made from. */
export const SearchKind = z.enum(['server', 'cluster', 'tag', 'team', 'customer']);
export type SearchKind = z.infer<typeof SearchKind>;

export const SearchResult = z.object({
  kind: SearchKind,
  name: z.string(),
  /** A customer's company name. */
  detail: z.string().nullable(),
});
export type SearchResult = z.infer<typeof SearchResult>;

export const searchRoutes = {
  search: defineRoute({
    method: 'GET',
    path: '/search',
    access: sessionAccess,
    summary:
      "The command palette's search: a few of each kind the caller may see, of one customer (one's own; staff name one, or none for customers alone)",
    query: z.object({
      q: text().trim().min(1).max(100),
      customer_id: CustomerId.optional(),
    }),
    tenant: { from: 'query', key: 'customer_id' },
    response: z.object({
      data: z.array(SearchResult),
      /** How many of each kind searched match in all, of which `data` holds the first few. */
      totals: z.partialRecord(SearchKind, z.number().int().min(0)),
    }),
  }),
};
