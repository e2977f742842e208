import { REFUSALS } from '@tidewatch/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type ApiTokenAuthenticator, apiTokenOf, signInWithApiToken } from '../core/api-tokens';
import { type FinanceTokenService, tokenRefused } from '../core/finance-tokens';
import { authContextOf } from '../core/session';
import { auditPlugin } from './audit';
import { jsonNotFound } from './errors';
import { type UserRateLimitOptions, userRateLimitPlugin } from './user-rate-limit';

export interface FinanceApiOptions {
  tokens: FinanceTokenService;
  /** Customers' API tokens read invoices here too, with the `invoices:read` scope. */
  apiTokens: ApiTokenAuthenticator;
  now: () => Date;
  userRateLimit: UserRateLimitOptions;
  /** Registers the finance routes' modules on the finance API's scope. */
  routes: (finance: FastifyInstance) => Promise<void>;
}

const BEARER = /^Bearer ([\w.~+/-]+=*)$/i;

const bearerTokenOf = (request: FastifyRequest) => request.headers.authorization?.match(BEARER)?.[1];

/**
 * The finance API (decision 0053): mounted under its own prefix, outside the cookie session and
 * XSRF scope. The caller is whoever the bearer access token names, filled into the same request
 * context a session cookie fills, so routes and capability checks are written as everywhere else.
 */
export async function financeApi(app: FastifyInstance, options: FinanceApiOptions) {
  app.decorateRequest('auth', null);
  app.decorateRequest('tenant', null);
  app.addHook('onRequest', async (request) => {
    const apiToken = apiTokenOf(request.headers.authorization);
    if (apiToken) return signInWithApiToken(request, apiToken, options.apiTokens);
    const token = bearerTokenOf(request);
    if (!token) throw tokenRefused(REFUSALS.financeTokenRequired);
    const found = await options.tokens.authenticate(token);
    if (!found) throw tokenRefused(REFUSALS.tokenExpired);
    request.auth = authContextOf(found.sessionId, found.loaded);
  });
  await app.register(userRateLimitPlugin, options.userRateLimit);
  await app.register(auditPlugin, { now: options.now });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  app.setNotFoundHandler(jsonNotFound);
  await options.routes(app);
}
