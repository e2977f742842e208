import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { type CustomerRow, customers } from '../db/schema';

/** The customer a route names; the tenant guard and the modules look it up the same way. */
export async function findCustomer(db: Database, id: string): Promise<CustomerRow | null> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
  return row ?? null;
}
