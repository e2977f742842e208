import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { appendActivity } from '../../core/audit-log';
import { type AuthContext, authContextOf } from '../../core/session';
import { deleteSession } from '../../core/session-repository';
import type { UserRow } from '../../db/schema';
import type { SecretBox } from '../../lib/secret-box';
import type { Providers } from './provider';
import { claimRecheck, ssoOf, storeRefreshToken, updateSsoUser } from './repository';
import { changedRoles, rolesText } from './sign-in';

export interface SsoRecheckOptions {
  secrets: SecretBox;
  providers: Providers;
  /** A session is confirmed again when used this long after its last confirmation. */
  recheckMinutes: number;
}

/**
 * Sessions from a company sign-in are confirmed with the provider (a refresh-token grant) when used
 * `recheckMinutes` after the last time: a refusal, no answer, no refresh token or no company
 * sign-in any more ends the session (401); otherwise the roles follow the groups the provider
 * names now. One request per session asks, on whichever replica claims the check first. Registered
 * right after the session plugin, so every route sees the outcome.
 */
export const ssoRecheck = fp(async (app: FastifyInstance, options: SsoRecheckOptions) => {
  const { db } = app;
  const recheckMs = options.recheckMinutes * 60_000;

  /** The user as the provider confirms them now; null when it does not. */
  async function confirmed(request: FastifyRequest, auth: AuthContext): Promise<UserRow | null> {
    const sso = await ssoOf(db, auth.user.customerId);
    const sealed = auth.session.ssoRefreshToken;
    if (!sso || !sealed || !auth.user.ssoSubject) return null;
    const client = {
      issuer: sso.issuer,
      clientId: sso.clientId,
      clientSecret: options.secrets.open(sso.clientSecretSealed),
    };
    const refreshToken = options.secrets.open(sealed);
    const answer = await options.providers.refresh(client, refreshToken, auth.user.ssoSubject);
    if (answer.refreshToken !== refreshToken) {
      await storeRefreshToken(db, auth.sessionId, options.secrets.seal(answer.refreshToken));
    }
    const roles = changedRoles(sso, auth.user, answer.identity.groups);
    if (!roles) return auth.user;
    return db.transaction(async (tx) => {
      const user = await updateSsoUser(tx, auth.user.id, { roles });
      await appendActivity(tx, request, auth, 'user.change', user.customerId, {
        target: user.email,
        from: rolesText(auth.user.roles),
        to: rolesText(roles),
      });
      return user;
    });
  }

  app.addHook('onRequest', async (request, reply) => {
    const auth = request.auth;
    const checkedAt = auth?.session.ssoCheckedAt;
    if (!auth || !checkedAt || auth.apiToken) return;
    const now = app.now();
    if (now.getTime() - checkedAt.getTime() < recheckMs) return;
    if (!(await claimRecheck(db, auth.sessionId, checkedAt, now))) return;
    const user = await confirmed(request, auth).catch((error: unknown) => {
      request.log.info({ err: error }, 'the identity provider did not confirm a session: it ends');
      return null;
    });
    if (!user) {
      await deleteSession(db, auth.sessionId);
      app.clearSessionCookie(reply);
      request.auth = null;
      return;
    }
    request.auth = authContextOf(auth.sessionId, {
      session: { ...auth.session, ssoCheckedAt: now },
      user,
      customer: auth.customer,
      impersonator: auth.impersonator,
    });
  });
});
