import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { FinanceTokens } from '@tidewatch/contract';
import { REFUSALS } from '@tidewatch/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import type { Database } from '../db/client';
import { financeRefreshTokens, financeTokenFamilies } from '../db/schema';
import { HttpError } from '../lib/http-error';
import { usableAt } from './session';
import type { LoadedSession } from './session-repository';

const ISSUER = 'tidewatch';
const AUDIENCE = 'tidewatch-finance';

export interface FinanceTokenOptions {
  db: Database;
  /** The app secret; the signing key is derived from it, so it is the same on every replica. */
  secret: string;
  now: () => Date;
  findSession: (id: string) => Promise<LoadedSession | null>;
  accessTokenSeconds: number;
  financeApiUrl: string;
}

/** A refused finance token: 401 with the bearer scheme's own word for it (RFC 6750). */
export const tokenRefused = (message: string) =>
  new HttpError(401, message, undefined, { 'www-authenticate': 'Bearer error="invalid_token"' });

const hashOf = (refreshToken: string) => createHash('sha256').update(refreshToken).digest('hex');

export type FinanceTokenService = ReturnType<typeof createFinanceTokens>;

/**
 * Finance API tokens: a signed access token naming its family, checked against the database on
 * every call so that revoking the family or ending the session stops it at once; and refresh
 * tokens, stored hashed, each exchanged once for the next (decision 0053).
 */
export function createFinanceTokens(options: FinanceTokenOptions) {
  const { db, now } = options;
  const key = createHmac('sha256', options.secret).update('finance-access-tokens').digest();

  async function issueInFamily(familyId: string, expiresAt: Date): Promise<FinanceTokens> {
    const at = now();
    // The prefix lets logs and error reports find it in any text (decision 0064).
    const refreshToken = `twr_${randomBytes(32).toString('base64url')}`;
    await db
      .insert(financeRefreshTokens)
      .values({ id: hashOf(refreshToken), familyId, createdAt: at, expiresAt });
    const issuedAt = Math.floor(at.getTime() / 1000);
    const accessToken = await new SignJWT({ fam: familyId })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + options.accessTokenSeconds)
      .sign(key);
    return {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: options.accessTokenSeconds,
      refresh_token: refreshToken,
      finance_api_url: options.financeApiUrl,
    };
  }

  async function revokeFamily(familyId: string): Promise<void> {
    await db
      .update(financeTokenFamilies)
      .set({ revokedAt: now() })
      .where(and(eq(financeTokenFamilies.id, familyId), isNull(financeTokenFamilies.revokedAt)));
  }

  /** The family's session, while the family stands and the session may still act. */
  async function liveSessionOf(familyId: string) {
    const [family] = await db
      .select()
      .from(financeTokenFamilies)
      .where(and(eq(financeTokenFamilies.id, familyId), isNull(financeTokenFamilies.revokedAt)));
    if (!family) return null;
    const loaded = await options.findSession(family.sessionId);
    return loaded && usableAt(loaded, now()) ? { sessionId: family.sessionId, loaded } : null;
  }

  return {
    /** A new family for a signed-in session; it lasts no longer than the session. */
    async issue(session: { id: string; expiresAt: Date }): Promise<FinanceTokens> {
      const [family] = await db
        .insert(financeTokenFamilies)
        .values({ sessionId: session.id, createdAt: now() })
        .returning({ id: financeTokenFamilies.id });
      if (!family) throw new Error('finance token family was not stored');
      return issueInFamily(family.id, session.expiresAt);
    },

    /** Rotation: the token is spent and the next pair issued; a spent token shown again revokes its family. */
    async refresh(refreshToken: string): Promise<FinanceTokens> {
      const id = hashOf(refreshToken);
      const [found] = await db
        .select({ token: financeRefreshTokens, revokedAt: financeTokenFamilies.revokedAt })
        .from(financeRefreshTokens)
        .innerJoin(financeTokenFamilies, eq(financeTokenFamilies.id, financeRefreshTokens.familyId))
        .where(eq(financeRefreshTokens.id, id));
      if (!found || found.revokedAt) throw tokenRefused(REFUSALS.tokenExpired);
      const { token } = found;
      if (token.replacedAt) {
        await revokeFamily(token.familyId);
        throw tokenRefused(REFUSALS.tokenExpired);
      }
      if (token.expiresAt <= now()) throw tokenRefused(REFUSALS.tokenExpired);
      const live = await liveSessionOf(token.familyId);
      if (!live) throw tokenRefused(REFUSALS.tokenExpired);
      // Only one exchange of a token wins; a second at the same moment is reuse.
      const spent = await db
        .update(financeRefreshTokens)
        .set({ replacedAt: now() })
        .where(and(eq(financeRefreshTokens.id, id), isNull(financeRefreshTokens.replacedAt)))
        .returning({ id: financeRefreshTokens.id });
      if (spent.length === 0) {
        await revokeFamily(token.familyId);
        throw tokenRefused(REFUSALS.tokenExpired);
      }
      return issueInFamily(token.familyId, token.expiresAt);
    },

    /** Logout with the stored refresh token: its family ends, whoever holds its tokens. */
    async revoke(refreshToken: string): Promise<void> {
      const [token] = await db
        .select({ familyId: financeRefreshTokens.familyId })
        .from(financeRefreshTokens)
        .where(eq(financeRefreshTokens.id, hashOf(refreshToken)));
      if (token) await revokeFamily(token.familyId);
    },

    /** The session a valid access token acts for, or null (expired, forged, revoked, session ended). */
    async authenticate(accessToken: string) {
      const verified = await jwtVerify(accessToken, key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
        currentDate: now(),
      }).catch(() => null);
      const familyId = verified?.payload.fam;
      return typeof familyId === 'string' ? liveSessionOf(familyId) : null;
    },
  };
}
