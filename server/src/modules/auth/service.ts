import { isStaffCustomer } from '@tidewatch/content';
import type { SessionData } from '@tidewatch/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { appendActivity } from '../../core/audit-log';
import { mustEnrolSecondFactor } from '../../core/second-factor';
import { type AuthContext, actsAsStaff } from '../../core/session';
import { idleTimeoutMs, SESSION_POLICY } from '../../core/session-policy';
import {
  deleteExpiredSessionsOf,
  deleteSession,
  insertSession,
  newSessionToken,
  type SessionCustomer,
} from '../../core/session-repository';
import type { UserRow } from '../../db/schema';
import { toUserRecord } from '../users';
import type { deviceCookies } from './device-cookie';

/** What the client stores of a session; `mustEnrol` says the user must set up a second factor first. */
export function toSessionData(
  auth: Omit<AuthContext, 'sessionId' | 'flags' | 'roles' | 'apiToken'>,
  mustEnrol: boolean,
): SessionData {
  const { session, impersonator } = auth;
  return {
    'customer/id': auth.user.customerId,
    user: toUserRecord(auth.user),
    customer: {
      id: auth.customer.id,
      company_name: auth.customer.companyName,
      trial:
        auth.customer.trialPlan && auth.customer.trialEndsAt
          ? {
              plan: auth.customer.trialPlan,
              ends: auth.customer.trialEndsAt.toISOString(),
              converts_to: auth.customer.convertsToPlan,
            }
          : null,
    },
    impersonation:
      impersonator && session.impersonationStartedAt
        ? {
            impersonator: {
              'user/id': impersonator.id,
              'user/email': impersonator.email,
              'user/name': impersonator.name,
            },
            reason: session.impersonationReason ?? '',
            since: session.impersonationStartedAt.toISOString(),
          }
        : null,
    'two-factor-enrolment-required': mustEnrol,
    session: {
      'expires-at': session.expiresAt.toISOString(),
      'idle-timeout-seconds': idleTimeoutMs(actsAsStaff(auth)) / 1000,
    },
  };
}

export interface NewSession {
  user: UserRow;
  customer: SessionCustomer;
  isStaff: boolean;
  impersonator?: UserRow;
  reason?: string;
  /** An impersonation keeps the admin's absolute end: nothing extends a session. */
  expiresAt?: Date;
  /** A company sign-in: the provider's refresh token (sealed; null when it gave none) rechecks the session. */
  companySignIn?: { sealedRefreshToken: string | null };
}

/**
 * Replaces the caller's session with a new one (a new id on every sign-in and impersonation
 * change), sets its cookie and a fresh XSRF token, and returns what the client stores.
 */
export async function rotateSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  next: NewSession,
): Promise<SessionData> {
  const now = app.now();
  if (request.auth) await deleteSession(app.db, request.auth.sessionId);
  await deleteExpiredSessionsOf(
    app.db,
    next.user.id,
    now,
    new Date(now.getTime() - SESSION_POLICY.customerIdleMs),
  );
  const token = newSessionToken();
  const session = await insertSession(app.db, {
    token,
    userId: next.user.id,
    impersonatorId: next.impersonator?.id ?? null,
    impersonationReason: next.reason ?? null,
    impersonationStartedAt: next.impersonator ? now : null,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: next.expiresAt ?? new Date(now.getTime() + SESSION_POLICY.absoluteMs),
    ip: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
    ssoRefreshToken: next.companySignIn?.sealedRefreshToken ?? null,
    ssoCheckedAt: next.companySignIn ? now : null,
  });
  app.setSessionCookie(reply, token, session.expiresAt);
  app.issueXsrfToken(reply, token);
  const signedIn = {
    session,
    user: next.user,
    customer: next.customer,
    isStaff: next.isStaff,
    impersonator: next.impersonator ?? null,
  };
  return toSessionData(signedIn, await mustEnrolSecondFactor(app, signedIn));
}

/** Ends the caller's session on the server and in the browser. */
export async function endSession(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  if (request.auth) await deleteSession(app.db, request.auth.sessionId);
  app.clearSessionCookie(reply);
  app.issueXsrfToken(reply, null);
}

/**
 * The end of every successful sign-in, by password or by passkey: the browser is remembered for the
 * account (decision 20), the sign-in is activity, and a new session starts.
 */
export async function completeSignIn(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  devices: ReturnType<typeof deviceCookies>,
  signedIn: { user: UserRow; customer: SessionCustomer },
): Promise<SessionData> {
  const { user, customer } = signedIn;
  devices.issue(reply, user.email.toLowerCase());
  const isStaff = isStaffCustomer(user.customerId);
  await appendActivity(app.db, request, { user, impersonator: null, isStaff }, 'sign_in', user.customerId);
  return rotateSession(app, request, reply, { user, customer, isStaff });
}
