import { and, eq, gt, inArray, lt, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  type CustomerSsoRow,
  customerSso,
  customers,
  sessions,
  ssoDomains,
  ssoFlows,
  type UserRow,
  users,
} from '../../db/schema';

export type { CustomerSsoRow };
export type StoredSso = CustomerSsoRow & { domains: string[] };

/** The customer's company sign-in with its domains; null when it has none. */
export async function ssoOf(db: Pick<Database, 'select'>, customerId: string): Promise<StoredSso | null> {
  const [row] = await db.select().from(customerSso).where(eq(customerSso.customerId, customerId));
  if (!row) return null;
  const domains = await db
    .select({ domain: ssoDomains.domain })
    .from(ssoDomains)
    .where(eq(ssoDomains.customerId, customerId))
    .orderBy(ssoDomains.domain);
  return { ...row, domains: domains.map(({ domain }) => domain) };
}

/** The company sign-in an email domain belongs to, with its customer's state; null for none. */
export async function ssoOfDomain(db: Database, domain: string) {
  const [row] = await db
    .select({ sso: customerSso, customerActive: customers.active })
    .from(ssoDomains)
    .innerJoin(customerSso, eq(customerSso.customerId, ssoDomains.customerId))
    .innerJoin(customers, eq(customers.id, ssoDomains.customerId))
    .where(eq(ssoDomains.domain, domain));
  return row ?? null;
}

/** Those of `domains` that another customer signs in with. */
export async function domainsOfOthers(
  db: Database,
  customerId: string,
  domains: string[],
): Promise<string[]> {
  const rows = await db
    .select({ domain: ssoDomains.domain })
    .from(ssoDomains)
    .where(and(inArray(ssoDomains.domain, domains), ne(ssoDomains.customerId, customerId)))
    .orderBy(ssoDomains.domain);
  return rows.map(({ domain }) => domain);
}

/**
 * Stores the customer's company sign-in and replaces its domains; a domain another customer holds
 * fails on the domains' primary key (a unique violation), whichever transaction came first.
 */
export async function saveSso(
  tx: Pick<Database, 'insert' | 'delete'>,
  values: Omit<CustomerSsoRow, 'createdAt'> & { createdAt: Date },
  domains: string[],
): Promise<CustomerSsoRow> {
  const { createdAt: _keptOnChange, ...changed } = values;
  const [row] = await tx
    .insert(customerSso)
    .values(values)
    .onConflictDoUpdate({ target: customerSso.customerId, set: changed })
    .returning();
  if (!row) throw new Error('company sign-in was not stored');
  await tx.delete(ssoDomains).where(eq(ssoDomains.customerId, values.customerId));
  await tx.insert(ssoDomains).values(domains.map((domain) => ({ domain, customerId: values.customerId })));
  return row;
}

/** Removes the customer's company sign-in (its domains go with it); false when it had none. */
export async function deleteSso(db: Pick<Database, 'delete'>, customerId: string): Promise<boolean> {
  const deleted = await db
    .delete(customerSso)
    .where(eq(customerSso.customerId, customerId))
    .returning({ customerId: customerSso.customerId });
  return deleted.length > 0;
}

export async function insertFlow(db: Database, flow: typeof ssoFlows.$inferInsert, now: Date): Promise<void> {
  // Abandoned sign-ins are swept as new ones start, so the table stays small.
  await db.delete(ssoFlows).where(lt(ssoFlows.expiresAt, now));
  await db.insert(ssoFlows).values(flow);
}

/** Uses up a sign-in under way by its state: once, and only before it expires; null otherwise. */
export async function claimFlow(db: Database, state: string, now: Date) {
  const [flow] = await db
    .delete(ssoFlows)
    .where(and(eq(ssoFlows.state, state), gt(ssoFlows.expiresAt, now)))
    .returning();
  return flow ?? null;
}

/** The user the provider's subject was linked to, in that customer. */
export async function userOfSubject(
  db: Database,
  customerId: string,
  subject: string,
): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.customerId, customerId), eq(users.ssoSubject, subject)));
  return row ?? null;
}

export async function updateSsoUser(
  db: Pick<Database, 'update'>,
  id: string,
  change: Partial<Pick<UserRow, 'roles' | 'ssoSubject'>>,
): Promise<UserRow> {
  const [row] = await db.update(users).set(change).where(eq(users.id, id)).returning();
  if (!row) throw new Error(`user ${id} vanished`);
  return row;
}

export async function insertSsoUser(
  db: Pick<Database, 'insert'>,
  values: Pick<UserRow, 'customerId' | 'email' | 'name' | 'roles' | 'ssoSubject' | 'language'>,
): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('user was not stored');
  return row;
}

/**
 * Claims the recheck of a session: moves its check time on unless another request (on any replica)
 * did so first. True for the one request that is to ask the provider.
 */
export async function claimRecheck(
  db: Database,
  sessionId: string,
  checkedAt: Date,
  at: Date,
): Promise<boolean> {
  const claimed = await db
    .update(sessions)
    .set({ ssoCheckedAt: at })
    .where(and(eq(sessions.id, sessionId), eq(sessions.ssoCheckedAt, checkedAt)))
    .returning({ id: sessions.id });
  return claimed.length > 0;
}

export async function storeRefreshToken(db: Database, sessionId: string, sealed: string): Promise<void> {
  await db.update(sessions).set({ ssoRefreshToken: sealed }).where(eq(sessions.id, sessionId));
}
