import { z } from 'zod';
import { ConsultingLevel, CustomerId, Email, IsoDateTime, Language, RoleName, text, UserId } from './common';
import { Plan } from './infrastructure';
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
  customer: z.object({
    id: CustomerId,
    company_name: z.string(),
    /** The sign-up trial, until it has ended (the portal recalls it in its last week). */
    trial: z.object({ plan: Plan, ends: IsoDateTime, converts_to: Plan.nullable() }).nullable(),
  }),
  /** Set while an admin acts as this user. */
  impersonation: Impersonation.nullable(),
  /** The user must set up a second factor before anything else: their organisation requires one. */
  'two-factor-enrolment-required': z.boolean(),
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

/** A refresh token as handed out: `twr_` and 256 random bits, base64url. */
export const RefreshToken = text({ error: /*i18n*/ 'Not a valid refresh token' }).regex(/^twr_[\w-]{43}$/, {
  error: /*i18n*/ 'Not a valid refresh token',
});

/** What the finance API takes: a short-lived bearer token, the refresh token that renews it, and where to send it. */
export const FinanceTokens = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  /** Seconds the access token lasts. */
  expires_in: z.number().int().positive(),
  /** Exchanged once for the next pair; shown again, it ends the whole chain. */
  refresh_token: z.string(),
  /** The finance API's base URL, read at run time rather than built into the portal. */
  finance_api_url: z.string(),
});
export type FinanceTokens = z.infer<typeof FinanceTokens>;

export const RefreshBody = z.object({ refresh_token: RefreshToken });

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
    beforeSecondFactor: true,
    response: SessionData,
  }),
  status: defineRoute({
    method: 'GET',
    path: '/auth/status',
    access: publicAccess,
    summary:
      'Whether a session exists, answered without an error either way (the site nav asks); ' +
      'renews the XSRF token only for a browser that holds a session cookie, so a visitor gets no cookie',
    beforeSecondFactor: true,
    response: z.object({ signedIn: z.boolean() }),
  }),
  xsrf: defineRoute({
    method: 'GET',
    path: '/auth/xsrf',
    access: publicAccess,
    summary: 'Issues the XSRF token (the readable XSRF-TOKEN cookie) a form needs before its first write',
    beforeSecondFactor: true,
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
    beforeSecondFactor: true,
  }),
  logoutWithRefreshToken: defineRoute({
    method: 'POST',
    path: '/auth/logout',
    access: publicAccess,
    summary: 'End the current session and revoke the finance tokens issued from the given refresh token',
    beforeSecondFactor: true,
    body: LogoutBody,
  }),
  financeTokens: defineRoute({
    method: 'POST',
    path: '/auth/finance-tokens',
    access: sessionAccess,
    summary: 'Issue a finance API access token and a refresh token for the current session',
    response: FinanceTokens,
  }),
  refreshFinanceTokens: defineRoute({
    method: 'POST',
    path: '/auth/finance-tokens/refresh',
    // The refresh token is the credential; it is bound to the session it was issued for.
    access: publicAccess,
    summary:
      'Exchange a refresh token for a new pair (rotation); a token already exchanged revokes its whole family',
    body: RefreshBody,
    response: FinanceTokens,
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
