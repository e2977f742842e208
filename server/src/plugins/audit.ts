import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type AuditEntry, appendAudit } from '../core/audit-log';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every write made while impersonating is logged before it runs, so that a write the log
 * could not record does not happen at all; its answer is appended when it is sent, so an
 * attempt that was refused can be told from a change.
 */
export const auditPlugin = fp(async (app: FastifyInstance, options: { now: () => Date }) => {
  const logged = new WeakMap<FastifyRequest, AuditEntry>();

  app.addHook('preHandler', async (request) => {
    const auth = request.auth;
    if (!auth?.impersonator || !MUTATING.has(request.method)) return;
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
    logged.set(request, entry);
  });

  app.addHook('onSend', async (request, reply) => {
    const entry = logged.get(request);
    if (!entry) return;
    logged.delete(request);
    try {
      await appendAudit(app.db, {
        ...entry,
        at: options.now(),
        action: 'impersonation.outcome',
        status: reply.statusCode,
      });
    } catch (error) {
      // The write already happened or was refused; failing its answer now would misreport it.
      request.log.error({ err: error, requestId: request.id }, 'audit outcome was not recorded');
    }
  });
});
