import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { requireAuth } from '../core/access';
import { type ActivityDetail, type AuditEntry, appendAudit } from '../core/audit-log';
import type { ApiTokenCaller } from '../core/session';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every write made while impersonating or with an API token is logged before it runs, so that a write the log
 * could not record does not happen at all; its answer is appended when it is sent, so an
 * attempt that was refused can be told from a change.
 */
export const auditPlugin = fp(async (app: FastifyInstance, options: { now: () => Date }) => {
  /** Each logged write's outcome row, waiting for the status its answer is sent with. */
  const logged = new WeakMap<FastifyRequest, AuditEntry>();

  const tokenWrite = (request: FastifyRequest, token: ApiTokenCaller): AuditEntry => {
    const { user } = requireAuth(request);
    return {
      at: options.now(),
      action: 'api_token.write',
      actorId: user.id,
      actorEmail: user.email,
      subjectId: user.id,
      subjectEmail: user.email,
      subjectCustomerId: user.customerId,
      method: request.method,
      path: request.url.split('?')[0] ?? request.url,
      ip: request.ip,
      requestId: request.id,
      detail: { apiToken: token.name, apiTokenId: token.id } satisfies ActivityDetail,
    };
  };

  app.addHook('preHandler', async (request) => {
    const auth = request.auth;
    if (!auth || !MUTATING.has(request.method)) return;
    if (auth.apiToken) {
      // Every write made with a token is the customer's activity, naming the token, whatever it did.
      const entry = tokenWrite(request, auth.apiToken);
      await appendAudit(app.db, entry);
      logged.set(request, { ...entry, action: 'api_token.outcome' });
      return;
    }
    if (!auth.impersonator) return;
    if (request.routeOptions.config.audit === false) return;
    const entry: AuditEntry = {
      at: options.now(),
      action: 'impersonation.write',
      actorId: auth.impersonator.id,
      actorEmail: auth.impersonator.email,
      subjectId: auth.user.id,
      subjectEmail: auth.user.email,
      subjectCustomerId: auth.user.customerId,
      reason: auth.session.impersonationReason,
      method: request.method,
      path: request.url.split('?')[0] ?? request.url,
      ip: request.ip,
      requestId: request.id,
    };
    await appendAudit(app.db, entry);
    logged.set(request, { ...entry, action: 'impersonation.outcome' });
  });

  app.addHook('onSend', async (request, reply) => {
    const entry = logged.get(request);
    if (!entry) return;
    logged.delete(request);
    try {
      await appendAudit(app.db, {
        ...entry,
        at: options.now(),
        status: reply.statusCode,
      });
    } catch (error) {
      // The write already happened or was refused; failing its answer now would misreport it.
      request.log.error({ err: error, requestId: request.id }, 'audit outcome was not recorded');
    }
  });
});
