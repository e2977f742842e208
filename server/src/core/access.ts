import { accessAllows, isMutating, REFUSALS, type RouteDefinition } from '@tidewatch/contract';
import { canChangeCustomer, canSeeCustomer } from '@tidewatch/domain';
import type { FastifyRequest } from 'fastify';
import { forbidden, notFound, unauthorised } from '../lib/http-error';
import { mustEnrolSecondFactor } from './second-factor';
import type { AuthContext } from './session';
import { checkedTenant, findCustomer, type Tenant } from './tenant';

declare module 'fastify' {
  interface FastifyRequest {
    /** The customer the route names, once the tenant guard let the caller reach it. */
    tenant: Tenant | null;
  }
}

/** A caller may touch its own customer's data; staff with the right capability any customer's. */
export function canAccessCustomer(auth: AuthContext, customerId: string): boolean {
  return canSeeCustomer(auth.flags, auth.customer.id, customerId);
}

/**
 * Throws 404 (not 403, so ids of other customers are not confirmed) unless the caller may see the
 * customer; for a write to another customer, 403 unless the caller may also change it.
 */
export function assertCustomerAccess(auth: AuthContext, customerId: string, write = false): void {
  if (!canAccessCustomer(auth, customerId)) throw notFound(REFUSALS.noSuchCustomer);
  if (write && !canChangeCustomer(auth.flags, auth.customer.id, customerId)) throw forbidden();
}

export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorised();
  return request.auth;
}

/** Passwords, second factors and sessions are the account holder's own: never changed by someone acting as them. */
export function requireOwnSession(request: FastifyRequest): AuthContext {
  const auth = requireAuth(request);
  if (auth.impersonator) throw forbidden(REFUSALS.notWhileImpersonating);
  return auth;
}

/**
 * Runs before the body is read: 401 without a session, 403 without the capability, and 403 for a
 * caller who must enrol a second factor first, on every route not needed to enrol.
 */
export function accessGuard(route: RouteDefinition) {
  return async (request: FastifyRequest) => {
    const { access } = route;
    if (access.kind === 'public') return;
    const auth = requireAuth(request);
    if (!accessAllows(access, auth.flags)) throw forbidden();
    if (!route.beforeSecondFactor && (await mustEnrolSecondFactor(request.server, auth))) {
      throw forbidden(REFUSALS.enrolSecondFactorFirst);
    }
  };
}

/** Runs after validation: a route that names a customer may only touch one the caller may see. */
export function tenantGuard(route: RouteDefinition) {
  return async (request: FastifyRequest) => {
    if (!route.tenant) return;
    const source = (route.tenant.from === 'params' ? request.params : request.query) as Record<
      string,
      string | undefined
    >;
    const customerId = source[route.tenant.key];
    if (customerId === undefined) return;
    const auth = requireAuth(request);
    assertCustomerAccess(auth, customerId, isMutating(route.method));
    // Staff may name any customer: one that does not exist is a 404, not a write that fails.
    if (customerId !== auth.customer.id && !(await findCustomer(request.server.db, customerId))) {
      throw notFound(REFUSALS.noSuchCustomer);
    }
    request.tenant = checkedTenant(customerId);
  };
}

/** The customer the route names, checked by the tenant guard; else the caller's own customer. */
export function tenantOf(request: FastifyRequest): Tenant {
  return request.tenant ?? checkedTenant(requireAuth(request).customer.id);
}
