import { contract } from '@tidewatch/contract';
import { can } from '@tidewatch/domain';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/http-error';
import { implement } from '../../lib/route';
import { requireAuth } from '../../plugins/access';
import { findUserOfCustomer, listUsersOfCustomer } from './repository';
import { toUserRecord } from './user-record';

export async function userRoutes(app: FastifyInstance) {
  implement(app, contract.users, {
    async list(request) {
      const auth = requireAuth(request);
      const customerId = request.query.customer_id ?? auth.customer.id;
      const rows = await listUsersOfCustomer(app.db, customerId);
      return rows.map((row) => ({ ...toUserRecord(row), active: row.active }));
    },
    async info(request) {
      const auth = requireAuth(request);
      const scope = can(auth.flags, 'customers.readAll') ? null : auth.customer.id;
      const user = await findUserOfCustomer(app.db, request.params.id, scope);
      if (!user) throw notFound('No such user');
      return { name: user.name };
    },
  });
}
