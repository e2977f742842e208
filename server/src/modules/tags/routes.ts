import { contract } from '@tidewatch/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { tags } from '../../db/schema';
import { implement } from '../../lib/route';

export async function tagRoutes(app: FastifyInstance) {
  implement(app, contract.tags, {
    async teams(request) {
      const rows = await app.db
        .select({ name: tags.name, timezone: tags.timezone })
        .from(tags)
        .where(and(eq(tags.customerId, request.params.customer_id), eq(tags.type, 'team')))
        .orderBy(asc(tags.name));
      return { data: rows };
    },
  });
}
