/**
 * The contract's words and patterns without zod: the schemas build on them, and code that must
 * stay small (the portal's first screen, site islands) reads them from here.
 */
export { CLUSTER_STATUSES, PLAN_IDS } from '@tidewatch/domain';
export const ACTIVITY_KINDS = [
  'sign_in',
  'impersonation',
  'configuration',
  'users',
  'plans',
  'webhooks',
  'api_tokens',
] as const;
export const CLUSTER_TYPES = ['workload', 'vpn'] as const;
export const CLUSTER_PROVIDERS = ['aws', 'azure', 'hetzner', 'bare-metal', 'local'] as const;
/** Invited: no password chosen yet; deactivated: can no longer sign in. */
export const USER_STATUSES = ['active', 'invited', 'deactivated'] as const;
export const CHANGE_REQUEST_STATUSES = ['open', 'merged', 'closed'] as const;

export const CUSTOMER_ID_PATTERN = /^[a-z0-9]{2,32}$/;
export const CERTNAME_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.[a-z0-9]{2,32}$/;
export const TAG_NAME_MAX = 64;
export const TAG_NAME_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N} ._:-]*$/u;

export const SERVER_SORTS = [
  'certname',
  '-certname',
  'last_seen',
  '-last_seen',
  'status',
  '-status',
  'os',
  '-os',
  'plan',
  '-plan',
] as const;

/** The fleet view sorts by what needs attention first, and by customer. */
export const FLEET_SORTS = ['attention', 'customer', '-customer', ...SERVER_SORTS] as const;

export const CLUSTER_SORTS = [
  'name',
  '-name',
  'provider',
  '-provider',
  'kubernetes_version',
  '-kubernetes_version',
  'node_count',
  '-node_count',
  'status',
  '-status',
  'last_seen',
  '-last_seen',
] as const;

/** The count kinds that are staff work (time approvals, the site chat, the window queue): customers have none. */
export const STAFF_COUNT_KINDS = ['pending_approval', 'unanswered_chat', 'service_window_queue'] as const;
export const isStaffCountKind = (kind: string): kind is (typeof STAFF_COUNT_KINDS)[number] =>
  (STAFF_COUNT_KINDS as readonly string[]).includes(kind);

/** The longest chat message, either side. */
export const CHAT_MESSAGE_MAX = 4000;
