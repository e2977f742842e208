import { createHash, randomBytes } from 'node:crypto';
import { API_TOKEN_PREFIX, REFUSALS } from '@tidewatch/contract';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { type ApiTokenRow, apiTokens, customers, users } from '../db/schema';
import { forbidden, HttpError } from '../lib/http-error';
import { type AuthContext, authContextOf } from './session';
import { sessionCustomerColumns } from './session-repository';

/** `twk_` and 256 random bits; only its SHA-256 is stored. */
export function newApiToken(): { token: string; secretHash: string } {
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { token, secretHash: apiTokenHash(token) };
}

export const apiTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

const API_TOKEN_BEARER = new RegExp(`^Bearer\\s+(${API_TOKEN_PREFIX}\\S*)$`, 'i');

/**
 * The API token a request sends, or undefined: told by its prefix, since a route may take a bearer
 * of its own (the chat's location code).
 */
export const apiTokenOf = (authorization: string | undefined) => authorization?.match(API_TOKEN_BEARER)?.[1];

/** A refused API token: 401 with the bearer scheme's own word for it (RFC 6750). */
export const apiTokenRefused = () =>
  new HttpError(401, REFUSALS.apiTokenInvalid, undefined, {
    'www-authenticate': 'Bearer realm="api", error="invalid_token"',
  });

/** How often a token's "last used" is written: often enough to read, rarely enough not to cost. */
const TOUCH_EVERY_MS = 60_000;

/**
 * Finds a live token by its secret with its maker and customer in one prepared statement, on
 * every call (no cache), so a token revoked or expired on one replica is refused on all at once.
 * The maker must still be an active user of the token's customer.
 */
export function createApiTokenAuthenticator(db: Database, now: () => Date) {
  const query = db
    .select({
      token: apiTokens,
      user: users,
      customer: sessionCustomerColumns,
    })
    .from(apiTokens)
    .innerJoin(users, and(eq(users.id, apiTokens.createdBy), eq(users.customerId, apiTokens.customerId)))
    .innerJoin(customers, eq(customers.id, apiTokens.customerId))
    .where(
      and(
        eq(apiTokens.secretHash, sql.placeholder('hash')),
        isNull(apiTokens.revokedAt),
        gt(apiTokens.expiresAt, sql.placeholder('now')),
        eq(users.active, true),
      ),
    )
    .limit(1)
    .prepare('find_api_token');

  async function touch(token: ApiTokenRow, ip: string, at: Date): Promise<void> {
    const due = !token.lastUsedAt || at.getTime() - token.lastUsedAt.getTime() >= TOUCH_EVERY_MS;
    if (!due && token.lastUsedIp === ip) return;
    await db
      .update(apiTokens)
      .set({ lastUsedAt: at, lastUsedIp: ip })
      .where(
        and(
          eq(apiTokens.id, token.id),
          or(isNull(apiTokens.lastUsedAt), sql`${apiTokens.lastUsedAt} < ${at}`),
        ),
      );
  }

  return {
    /** The request context the token acts in, or null for an unknown, revoked or expired token. */
    async authenticate(
      token: string,
      ip: string,
    ): Promise<{ auth: AuthContext; touched: Promise<void> } | null> {
      const at = now();
      const [row] = await query.execute({ hash: apiTokenHash(token), now: at });
      if (!row) return null;
      const caller = { id: row.token.id, name: row.token.name, scopes: row.token.scopes };
      // Routes that read the session (sign-out, the session list) never take a token: this one stands
      // for the token, ending when it does.
      const session = {
        id: `api-token:${row.token.id}`,
        publicId: row.token.id,
        userId: row.user.id,
        impersonatorId: null,
        impersonationReason: null,
        impersonationStartedAt: null,
        createdAt: row.token.createdAt,
        lastSeenAt: at,
        expiresAt: row.token.expiresAt,
        ip,
        userAgent: null,
        ssoRefreshToken: null,
        ssoCheckedAt: null,
      };
      const auth = authContextOf(session.id, {
        session,
        user: row.user,
        customer: row.customer,
        impersonator: null,
      });
      return { auth: { ...auth, apiToken: caller }, touched: touch(row.token, ip, at) };
    },
  };
}
export type ApiTokenAuthenticator = ReturnType<typeof createApiTokenAuthenticator>;

/**
 * Signs a bearer call in as its token, for a route that names a scope the token holds: 401 for a
 * token that is not live, 403 on a route tokens never call or a scope it lacks. Cookies play no part.
 */
export async function signInWithApiToken(
  request: FastifyRequest,
  bearer: string,
  tokens: ApiTokenAuthenticator,
): Promise<void> {
  const found = await tokens.authenticate(bearer, request.ip);
  if (!found) throw apiTokenRefused();
  found.touched.catch((error: unknown) => request.log.warn({ err: error }, 'could not record token use'));
  const scope = request.routeOptions.config.tokenScope;
  // An address that names no route is answered 404 as for anyone.
  if (!scope && !request.is404) throw forbidden(REFUSALS.apiTokenNotAccepted);
  if (scope && !found.auth.apiToken?.scopes.includes(scope)) {
    throw new HttpError(403, REFUSALS.apiTokenLacksScope, undefined, undefined, { scope });
  }
  request.auth = found.auth;
}
