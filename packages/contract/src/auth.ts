import { z } from 'zod';
import { ConsultingLevel, CustomerId, Email, IsoDateTime, Language, RoleName, text, UserId } from './common';
import { defineRoute, publicAccess, requires, sessionAccess } from './route';

export const LoginBody = z.object({
  email: Email,
  password: text({ error: /*i18n*/ 'Enter your password' })
    .min(1, { error: /*i18n*/ 'Enter your password' })
    .max(1024),
  /** The authenticator code or a recovery code, for users with two-factor sign-in. */
  code: text().trim().max(32).optional(),
});

/** The user record of spec section 3, in the server's `namespace/field` naming. */
export const UserRecord = z.object({
  'user/id': UserId,
  'user/email': z.string(),
  'user/name': z.string(),
  'user/roles': z.array(RoleName),
  'user/consulting-level': ConsultingLevel.nullable(),
  'user/language': Language,
  'customer/id': CustomerId,
  /** Whether sign-in asks for an authenticator code. */
  'user/totp-enabled': z.boolean(),
});
export type UserRecord = z.infer<typeof UserRecord>;

export const Impersonation = z.object({
  impersonator: UserRecord.pick({ 'user/id': true, 'user/email': true, 'user/name': true }),
  reason: z.string(),
  since: IsoDateTime,
});

export const SessionData = z.object({
  'customer/id': CustomerId,
  user: UserRecord,
  customer: z.object({ id: CustomerId, company_name: z.string() }),
  /** Set while an admin acts as this user. */
  impersonation: Impersonation.nullable(),
  session: z.object({
    /** When the session ends whatever happens (absolute lifetime). */
    'expires-at': IsoDateTime,
    /** Inactivity after which the session ends. */
    'idle-timeout-seconds': z.number().int().positive(),
  }),
});
export type SessionData = z.infer<typeof SessionData>;

/** Older clients send their stored refresh token; a request may also come with no body at all. */
export const LogoutBody = z.object({ refresh_token: text().max(4096).optional() }).nullish();

export const ImpersonateBody = z.object({
  'user-id': UserId,
  reason: text({ error: /*i18n*/ 'Say why you need to act as this user' })
    .trim()
    .min(3, { error: /*i18n*/ 'Say why you need to act as this user' })
    .max(500),
});

export const authRoutes = {
  session: defineRoute({
    method: 'GET',
    path: '/auth',
    // Public so that it can issue the XSRF-TOKEN cookie to signed-out callers too; 401 without a session.
    access: publicAccess,
    summary: 'The current session (401 without one); always issues a fresh XSRF-TOKEN cookie',
    response: SessionData,
  }),
  status: defineRoute({
    method: 'GET',
    path: '/auth/status',
    access: publicAccess,
    summary:
      'Whether a session exists, answered without an error either way (the site nav asks); ' +
      'renews the XSRF token only for a browser that holds a session cookie, so a visitor gets no cookie',
    response: z.object({ signedIn: z.boolean() }),
  }),
  xsrf: defineRoute({
    method: 'GET',
    path: '/auth/xsrf',
    access: publicAccess,
    summary: 'Issues the XSRF token (the readable XSRF-TOKEN cookie) a form needs before its first write',
  }),
  login: defineRoute({
    method: 'POST',
    path: '/auth',
    access: publicAccess,
    summary: 'Sign in with email and password',
    body: LoginBody,
    response: SessionData,
  }),
  logout: defineRoute({
    method: 'DELETE',
    path: '/auth',
    access: publicAccess,
    summary: 'End the current session',
  }),
  logoutWithRefreshToken: defineRoute({
    method: 'POST',
    path: '/auth/logout',
    access: publicAccess,
    summary: 'End the current session (the refresh token is accepted and ignored)',
    body: LogoutBody,
  }),
  impersonate: defineRoute({
    method: 'POST',
    path: '/auth/impersonate',
    access: requires('impersonate'),
    summary: 'Start acting as a customer user',
    body: ImpersonateBody,
    response: z.object({ 'customer/id': CustomerId }),
  }),
  stopImpersonating: defineRoute({
    method: 'DELETE',
    path: '/auth/impersonate',
    access: sessionAccess,
    summary: "Stop acting as a customer user; answers with the admin's own session",
    response: SessionData,
  }),
};
