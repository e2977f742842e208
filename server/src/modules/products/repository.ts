import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { products } from '../../db/schema';

/** The price list, grouped by unit and level. */
export function listProducts(db: Database) {
  return db.select().from(products).orderBy(asc(products.unit), asc(products.level), asc(products.id));
}
