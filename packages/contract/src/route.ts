import { type Capability, can, canChangeCustomer, canSeeCustomer, type RoleFlags } from '@tidewatch/domain';
import type { z } from 'zod';
import type { API_SCOPES } from './api-scopes';

/** Who may call a route; the server enforces it, the portal reads it to hide what a user can't use. */
export type Access =
  | { kind: 'public' }
  | { kind: 'session' }
  | { kind: 'capability'; capability: Capability };

export const publicAccess = { kind: 'public' } as const satisfies Access;
export const sessionAccess = { kind: 'session' } as const satisfies Access;
export const requires = <const C extends Capability>(capability: C) =>
  ({ kind: 'capability', capability }) as const satisfies Access;

/** The readable cookie the server sets and the header every mutating request echoes it in. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The header a create route honours (decision 0062): the same key and body within
 * {@link IDEMPOTENCY_KEY_HOURS} hours answer the first result again and create nothing, the same
 * key with another body or route is refused with 422, and while the first request still runs a
 * repeat waits for its answer. Keys belong to the caller (the signed-in user, or the address of an
 * anonymous one). The typed clients send one per submission of a create route (request.ts).
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** 1–255 URL-safe characters (a UUID fits); the RFC draft's quoted form is accepted too. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\w.~:+/=-]{1,255}$/;
export const IDEMPOTENCY_KEY_HOURS = 24;

export interface RouteDefinition {
  method: HttpMethod;
  /** Relative to the mount point; `{name}` marks a path parameter. */
  path: string;
  /**
   * `api` routes live under /api; `root` ones (health probes) at the origin's root; `finance` ones
   * under the finance API's own base URL, called with a bearer token and never with cookies.
   */
  mount?: 'api' | 'root' | 'finance';
  access: Access;
  summary: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** How the body is sent: JSON, or multipart/form-data for a route that takes a file. */
  encoding?: 'json' | 'multipart';
  /** The success body; a route without one answers 204 No Content. */
  response?: z.ZodType;
  /** The success body is a file (its Content-Type names the kind), which callers get as a Blob. */
  download?: true;
  /** Which customer the route touches, named by a path or query parameter, for the tenant check. */
  tenant?: { from: 'params' | 'query'; key: string };
  /** Creates a record, so a repeated submission must not: honours {@link IDEMPOTENCY_KEY_HEADER}. */
  creates?: true;
  /**
   * The API token scope that lets `Authorization: Bearer twk_…` call the route (decision 0098); a
   * route without one refuses tokens. The route's access rule still holds for the token's maker.
   */
  tokenScope?: (typeof API_SCOPES)[number];
  /** Callable by a user who must still enrol a second factor. */
  beforeSecondFactor?: boolean;
}

export function defineRoute<const R extends RouteDefinition>(route: R): R {
  return route;
}

export type RouteGroup = Record<string, RouteDefinition>;

export function isMutating(method: HttpMethod): boolean {
  return method !== 'GET';
}

/** Fills `{name}` placeholders, encoding each value. */
/** Whether a signed-in caller with these flags passes a route's access rule. */
export function accessAllows(access: Access, flags: RoleFlags): boolean {
  return access.kind !== 'capability' || can(flags, access.capability);
}

/** What `mayCall` reads of a route: a definition, or its run-time address in the route table. */
export interface CallRule {
  method: HttpMethod;
  capability?: Capability;
  tenant?: unknown;
}

/**
 * Whether the server would let this caller call the route for `customerId`: the route's capability,
 * then the tenant rule (seeing the customer, and for a write changing it). The portal offers an
 * action only when this holds, so it never shows one the server answers with 403.
 */
export function mayCall(
  route: CallRule,
  caller: RoleFlags & { customerId: string },
  customerId?: string,
): boolean {
  if (route.capability && !can(caller, route.capability)) return false;
  if (!route.tenant || customerId === undefined) return true;
  if (!canSeeCustomer(caller, caller.customerId, customerId)) return false;
  return !isMutating(route.method) || canChangeCustomer(caller, caller.customerId, customerId);
}

export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}
