import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { customerSso } from '../db/schema';

/**
 * Whether the customer's users sign in through its identity provider only ("SSO only"): then no
 * password or passkey signs them in, and no password link is sent to them.
 */
export async function signsInThroughProviderOnly(db: Database, customerId: string): Promise<boolean> {
  const [row] = await db
    .select({ ssoOnly: customerSso.ssoOnly })
    .from(customerSso)
    .where(eq(customerSso.customerId, customerId));
  return row?.ssoOnly ?? false;
}
