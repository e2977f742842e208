import { isStaffCustomer } from '@tidewatch/content';
import type { ApiScope } from '@tidewatch/contract';
import { effectiveRoles, type Role, type RoleFlags, roleFlags } from '@tidewatch/domain';
import type { SessionRow, UserRow } from '../db/schema';
import { idleTimeoutMs } from './session-policy';
import type { LoadedSession, SessionCustomer } from './session-repository';

/** An API token a call was made with (decision 0098). */
export interface ApiTokenCaller {
  id: string;
  name: string;
  scopes: ApiScope[];
}

/**
 * Who is calling: the user the session acts as, and the admin behind it while impersonating; for a
 * call made with an API token, the manager who made it, and the token.
 */
export interface AuthContext {
  sessionId: string;
  session: SessionRow;
  user: UserRow;
  customer: SessionCustomer;
  isStaff: boolean;
  roles: Role[];
  flags: RoleFlags;
  impersonator: UserRow | null;
  apiToken: ApiTokenCaller | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
    /** The session cookie's token as sent (valid or not); the XSRF token is bound to it. */
    sessionToken: string | null;
  }
}

export function actsAsStaff(auth: Pick<AuthContext, 'isStaff' | 'impersonator'>): boolean {
  return auth.isStaff || auth.impersonator !== null;
}

/** Whether the session may still act: its users active, within its absolute end and idle timeout. */
export function usableAt(loaded: LoadedSession, now: Date): boolean {
  const isStaff = isStaffCustomer(loaded.user.customerId);
  const idleMs = idleTimeoutMs(isStaff || loaded.impersonator !== null);
  const idleFor = now.getTime() - loaded.session.lastSeenAt.getTime();
  return (
    loaded.user.active &&
    (loaded.impersonator?.active ?? true) &&
    now < loaded.session.expiresAt &&
    idleFor < idleMs
  );
}

/** The request context a usable session gives: the same whether it came by cookie or by bearer token. */
export function authContextOf(sessionId: string, loaded: LoadedSession): AuthContext {
  const isStaff = isStaffCustomer(loaded.user.customerId);
  const roles = effectiveRoles(loaded.user.roles, isStaff);
  return {
    sessionId,
    session: loaded.session,
    user: loaded.user,
    customer: loaded.customer,
    isStaff,
    roles,
    flags: roleFlags(roles),
    impersonator: loaded.impersonator,
    apiToken: null,
  };
}
