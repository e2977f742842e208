import { contract } from '@tidewatch/contract';
import type { FastifyInstance } from 'fastify';
import { implement } from '../../core/route';
import { listProducts } from './repository';

export async function productRoutes(app: FastifyInstance) {
  implement(app, contract.products, {
    async list() {
      const rows = await listProducts(app.db);
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
