import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { type CustomerRow, customers } from '../db/schema';

/** The customer a route names; the tenant guard and the modules look it up the same way. */
export async function findCustomer(db: Database, id: string): Promise<CustomerRow | null> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
  return row ?? null;
}

declare const checked: unique symbol;

/**
 * A customer whose data a request may reach: the customer its route names once the tenant guard has
 * checked the caller may, or the caller's own. Repositories filter by one, so a handler cannot hand
 * them a customer id that nobody checked.
 */
export type Tenant = { readonly customerId: string; readonly [checked]: true };

/** For the tenant guard, and for code that acts for the system (the seed, jobs) or checked access itself. */
export const checkedTenant = (customerId: string): Tenant => ({ customerId }) as Tenant;
