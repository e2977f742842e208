import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { appendAudit } from '../modules/auth/audit-repository';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every write made while impersonating is logged before it runs, so that a write the log
 * could not record does not happen at all.
 */
export const auditPlugin = fp(async (app: FastifyInstance, options: { now: () => Date }) => {
  app.addHook('preHandler', async (request) => {
    const auth = request.auth;
    if (!auth?.impersonator || !MUTATING.has(request.method)) return;
    if (request.routeOptions.config.audit === false) return;
    await appendAudit(app.db, {
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
    });
  });
});
