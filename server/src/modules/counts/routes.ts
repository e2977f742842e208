import { contract } from '@tidewatch/contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth, tenantOf } from '../../core/access';
import { implement } from '../../core/route';
import { countOf } from './service';

export async function countRoutes(app: FastifyInstance) {
  implement(app, contract.counts, {
    customer: async (request) =>
      countOf(app.db, request.params.kind, { tenant: tenantOf(request) }, app.now()),
    admin: async (request) => countOf(app.db, request.params.kind, { tenant: null }, app.now()),
    approver: async (request) =>
      countOf(
        app.db,
        request.params.kind,
        { tenant: null, viewerId: requireAuth(request).user.id },
        app.now(),
      ),
  });
}
