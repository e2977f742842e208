import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type CustomerRow, customers } from '../../db/schema';

export async function findCustomer(db: Database, id: string): Promise<CustomerRow | null> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
  return row ?? null;
}

/** All customers (staff), or just one (everyone else): the tenant filter lives here. */
export async function listCustomers(db: Database, onlyId: string | null): Promise<CustomerRow[]> {
  const query = db.select().from(customers);
  return (onlyId ? query.where(eq(customers.id, onlyId)) : query).orderBy(asc(customers.companyName));
}
