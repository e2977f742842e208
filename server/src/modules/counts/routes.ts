import { contract } from '@tidewatch/contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../core/access';
import { implement } from '../../core/route';
import { countOf } from './service';

export async function countRoutes(app: FastifyInstance) {
  implement(app, contract.counts, {
    customer: async (request) =>
      countOf(app.db, request.params.kind, { customerId: request.params.customerId }, app.now()),
    admin: async (request) => countOf(app.db, request.params.kind, 'all', app.now()),
    approver: async (request) =>
      countOf(app.db, request.params.kind, { viewerId: requireAuth(request).user.id }, app.now()),
  });
}
