import { contract } from '@tidewatch/contract';
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { implement } from '../../core/route';
import { products } from '../../db/schema';

export async function productRoutes(app: FastifyInstance) {
  implement(app, contract.products, {
    async list() {
      const rows = await app.db
        .select()
        .from(products)
        .orderBy(asc(products.unit), asc(products.level), asc(products.id));
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        unit: row.unit,
        subscription: row.subscription,
        active: row.active,
        level: row.level,
        location: row.location,
        price_eur: row.priceEur,
      }));
    },
  });
}
