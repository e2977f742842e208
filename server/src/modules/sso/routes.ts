import { randomBytes } from 'node:crypto';
import {
  type CustomerSso,
  contract,
  FIELD_REFUSALS,
  REFUSALS,
  SSO_CALLBACK_PATH,
  SSO_FAILURE_PARAM,
  type SsoFailure,
  type SsoRoleMapping,
} from '@tidewatch/contract';
import { grantableRoles, safeReturnPath } from '@tidewatch/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireAuth, tenantOf } from '../../core/access';
import { appendActivity } from '../../core/audit-log';
import { implement } from '../../core/route';
import { findCustomer } from '../../core/tenant';
import { isUniqueViolation } from '../../lib/db-errors';
import { fieldRefusal, fieldsRefused, notFound } from '../../lib/http-error';
import { sitePath } from '../../lib/link-tokens';
import type { SecretBox } from '../../lib/secret-box';
import { browserLanguage } from '../../lib/words';
import { rotateSession } from '../auth';
import { isRefusal, type Providers, ProviderUnreachableError } from './provider';
import {
  claimFlow,
  deleteSso,
  domainsOfOthers,
  insertFlow,
  type StoredSso,
  saveSso,
  ssoOf,
  ssoOfDomain,
} from './repository';
import { rolesText, userForIdentity } from './sign-in';

/** How long a company sign-in may take from the login page back to the callback. */
const FLOW_VALID_MS = 10 * 60_000;
/** Where a company sign-in lands without a return path (spec section 2's Dashboard). */
const PORTAL_HOME = '/user/servers';
/** Domain lookups per address and minute: enough for typing, too few to list who has company sign-in. */
const DISCOVER_RATE_LIMIT = { max: 30, timeWindow: 60_000 };

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1);
/** 256 random bits, for state, nonce and PKCE verifier alike. */
const randomSecret = () => randomBytes(32).toString('base64url');

export interface SsoRouteOptions {
  publicUrl: string;
  secrets: SecretBox;
  providers: Providers;
}

export async function ssoRoutes(app: FastifyInstance, options: SsoRouteOptions) {
  const { db } = app;
  const { secrets, providers } = options;
  const redirectUri = `${options.publicUrl}${SSO_CALLBACK_PATH}`;
  const clientOf = (sso: StoredSso) => ({
    issuer: sso.issuer,
    clientId: sso.clientId,
    clientSecret: secrets.open(sso.clientSecretSealed),
  });

  const answer = (sso: StoredSso | null): CustomerSso => ({
    redirect_uri: redirectUri,
    settings: sso && {
      issuer: sso.issuer,
      client_id: sso.clientId,
      client_secret_set: Boolean(sso.clientSecretSealed),
      domains: sso.domains,
      role_mapping: sso.roleMapping as SsoRoleMapping[],
      sso_only: sso.ssoOnly,
      updated_at: sso.updatedAt.toISOString(),
    },
  });

  /** 409 on `domains` naming the first of them another customer holds, if any does. */
  async function refuseTakenDomains(customerId: string, domains: string[]) {
    const [taken] = await domainsOfOthers(db, customerId, domains);
    if (taken) throw fieldRefusal(409, 'domains', FIELD_REFUSALS.ssoDomainTaken, { domain: taken });
  }

  /** Back to the login page, in the reader's language, saying why. */
  const failed = (request: FastifyRequest, reply: FastifyReply, failure: SsoFailure) => {
    const language = browserLanguage(request.headers['accept-language']);
    return reply.redirect(
      `${options.publicUrl}${sitePath(language, '/login')}?${SSO_FAILURE_PARAM}=${failure}`,
      302,
    );
  };

  implement(app, contract.sso, {
    async get(request) {
      return answer(await ssoOf(db, tenantOf(request).customerId));
    },

    async set(request) {
      const auth = requireAuth(request);
      const { customerId } = tenantOf(request);
      const { issuer, client_id, client_secret, domains, role_mapping, sso_only } = request.body;
      const stored = await ssoOf(db, customerId);
      const clientSecret = client_secret ?? (stored && secrets.open(stored.clientSecretSealed));
      if (!clientSecret) throw fieldRefusal(400, 'client_secret', FIELD_REFUSALS.ssoClientSecretNeeded);
      const grantable = grantableRoles(auth.flags, false);
      const refusedRoles = role_mapping.flatMap(({ role }, index) =>
        role === 'user' || grantable.includes(role)
          ? []
          : [[`role_mapping.${index}.role`, [{ messageId: FIELD_REFUSALS.roleNotGrantable }]]],
      );
      if (refusedRoles.length) throw fieldsRefused(Object.fromEntries(refusedRoles));
      if (!providers.allows(issuer)) throw fieldRefusal(400, 'issuer', FIELD_REFUSALS.ssoIssuerHttps);
      try {
        await providers.check({ issuer, clientId: client_id, clientSecret });
      } catch (error) {
        if (!(error instanceof ProviderUnreachableError)) throw error;
        request.log.info({ err: error.cause }, 'an identity provider did not answer discovery');
        throw fieldRefusal(400, 'issuer', FIELD_REFUSALS.ssoIssuerUnreachable);
      }
      await refuseTakenDomains(customerId, domains);
      const at = app.now();
      try {
        await db.transaction(async (tx) => {
          await saveSso(
            tx,
            {
              customerId,
              issuer,
              clientId: client_id,
              clientSecretSealed: secrets.seal(clientSecret),
              roleMapping: role_mapping,
              ssoOnly: sso_only,
              createdAt: at,
              updatedAt: at,
            },
            domains,
          );
          await appendActivity(tx, request, auth, stored ? 'sso.change' : 'sso.configure', customerId, {
            target: issuer,
            from: stored ? stored.domains.join(' ') : null,
            to: domains.join(' '),
          });
        });
      } catch (error) {
        // Another customer claimed a domain between the check and the write.
        if (isUniqueViolation(error)) await refuseTakenDomains(customerId, domains);
        throw error;
      }
      return answer(await ssoOf(db, customerId));
    },

    async remove(request) {
      const auth = requireAuth(request);
      const { customerId } = tenantOf(request);
      const stored = await ssoOf(db, customerId);
      const removed = await db.transaction(async (tx) => {
        if (!(await deleteSso(tx, customerId))) return false;
        await appendActivity(tx, request, auth, 'sso.remove', customerId, { target: stored?.issuer });
        return true;
      });
      if (!removed) throw notFound(REFUSALS.noCompanySignIn);
    },
  });

  implement(
    app,
    contract.ssoSignIn,
    {
      async discover(request) {
        const found = await ssoOfDomain(db, domainOf(request.query.email));
        const sso = Boolean(found?.customerActive);
        return { sso, sso_only: sso && Boolean(found?.sso.ssoOnly) };
      },

      async start(request, reply) {
        const { email, next } = request.query;
        const found = await ssoOfDomain(db, domainOf(email));
        if (!found?.customerActive) return failed(request, reply, 'not_set_up');
        const sso = await ssoOf(db, found.sso.customerId);
        if (!sso) return failed(request, reply, 'not_set_up');
        const flow = { state: randomSecret(), nonce: randomSecret(), codeVerifier: randomSecret() };
        let destination: URL;
        try {
          destination = await providers.authorizationUrl(clientOf(sso), {
            ...flow,
            redirectUri,
            loginHint: email,
          });
        } catch (error) {
          request.log.warn({ err: error }, 'a company sign-in could not reach its identity provider');
          return failed(request, reply, 'provider_unreachable');
        }
        const now = app.now();
        await insertFlow(
          db,
          {
            ...flow,
            customerId: sso.customerId,
            returnTo: safeReturnPath(next),
            expiresAt: new Date(now.getTime() + FLOW_VALID_MS),
          },
          now,
        );
        return reply.redirect(destination.href, 302);
      },

      async callback(request, reply) {
        const { state, error } = request.query;
        // The state is used up first, whatever the answer: a state works once, even for a refusal.
        const flow = state ? await claimFlow(db, state, app.now()) : null;
        if (!flow) return failed(request, reply, 'expired');
        if (error) return failed(request, reply, 'cancelled');
        const sso = await ssoOf(db, flow.customerId);
        const customer = await findCustomer(db, flow.customerId);
        if (!sso) return failed(request, reply, 'not_set_up');
        if (!customer?.active) return failed(request, reply, 'inactive');
        // The code, state and issuer exactly as the provider sent them, at our redirect URI.
        const currentUrl = new URL(redirectUri);
        currentUrl.search = new URL(request.url, redirectUri).search;
        let signedIn: Awaited<ReturnType<Providers['signIn']>>;
        try {
          signedIn = await providers.signIn(clientOf(sso), currentUrl, flow);
        } catch (failure) {
          request.log.warn({ err: failure }, 'a company sign-in was not completed');
          return failed(request, reply, isRefusal(failure) ? 'not_verified' : 'provider_unreachable');
        }
        const language = browserLanguage(request.headers['accept-language']);
        const match = () => userForIdentity(db, sso, signedIn.identity, language);
        // Two first sign-ins of one person at once: the second finds the user the first created.
        const found = await match().catch((failure: unknown) => {
          if (isUniqueViolation(failure)) return match();
          throw failure;
        });
        if (found.failure) return failed(request, reply, found.failure);
        const { user } = found;
        await appendActivity(
          db,
          request,
          { user, impersonator: null, isStaff: false },
          'sso.sign_in',
          customer.id,
          {
            target: sso.issuer,
            from: found.created ? null : rolesText(found.rolesBefore),
            to: rolesText(user.roles),
          },
        );
        await rotateSession(app, request, reply, {
          user,
          customer,
          isStaff: false,
          companySignIn: {
            sealedRefreshToken: signedIn.refreshToken && secrets.seal(signedIn.refreshToken),
          },
        });
        return reply.redirect(`${options.publicUrl}${flow.returnTo ?? PORTAL_HOME}`, 302);
      },
    },
    { discover: { rateLimit: DISCOVER_RATE_LIMIT } },
  );
}
