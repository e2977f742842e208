import { randomInt } from 'node:crypto';
import { brand } from '@tidewatch/content';
import type { CustomerRef, OwnedKind } from '@tidewatch/contract';
import { customerIdCandidate, SUBSCRIBED_STATUSES, vatRateFor } from '@tidewatch/domain';
import { and, asc, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { findCustomer, type Tenant } from '../../core/tenant';
import type { Database, Tx } from '../../db/client';
import {
  type CustomerRow,
  clusters,
  customers,
  passwordResetTokens,
  servers,
  tags,
  users,
} from '../../db/schema';

export type { CustomerRow };

/** The customers that have a server, cluster or team of this name (a team's name is one customer's only). */
export async function customersOwning(db: Database, kind: OwnedKind, name: string): Promise<CustomerRef[]> {
  const owned =
    kind === 'server'
      ? db.select({ customerId: servers.customerId }).from(servers).where(eq(servers.certname, name))
      : kind === 'cluster'
        ? db.select({ customerId: clusters.customerId }).from(clusters).where(eq(clusters.certname, name))
        : db
            .select({ customerId: tags.customerId })
            .from(tags)
            .where(and(eq(tags.type, 'team'), eq(tags.name, name)));
  return db
    .select({ id: customers.id, company_name: customers.companyName })
    .from(customers)
    .where(inArray(customers.id, owned))
    .orderBy(asc(customers.companyName));
}

/** The VAT number as kept (no spaces, dots or dashes) and the rate the country and the number give. */
export function vatFieldsFor(country: string, typedVatId: string | undefined) {
  const vatId = typedVatId?.replace(/[\s.-]/g, '').toUpperCase() || null;
  const home = { country: brand.company.country, ratePercent: brand.company.vatRatePercent };
  return { vatId, vatRate: vatRateFor({ country, hasVatId: Boolean(vatId) }, home) };
}

/** A customer id made from the company name and digits that no customer has yet. */
export async function freeCustomerId(db: Database, companyName: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const id = customerIdCandidate(companyName, String(randomInt(100, 1000)));
    if (!(await findCustomer(db, id))) return id;
  }
  throw new Error('no free customer id');
}

/** All customers (staff, no tenant), or the tenant alone: the tenant filter lives here. */
export async function listCustomers(db: Database, tenant: Tenant | null): Promise<CustomerRow[]> {
  const query = db.select().from(customers);
  return (tenant ? query.where(eq(customers.id, tenant.customerId)) : query).orderBy(
    asc(customers.companyName),
  );
}

/** Whether a customer has this company name, in any case. */
export async function companyNameTaken(db: Database, companyName: string): Promise<boolean> {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(sql`lower(${customers.companyName})`, companyName.toLowerCase()));
  return Boolean(row);
}

/** The first user of a new customer: the one who manages its users. */
export type FirstUser = Pick<typeof users.$inferInsert, 'email' | 'name' | 'language' | 'passwordHash'>;

/** A new customer and its first user, inside the caller's transaction; the user's id. */
export async function insertCustomerWithManager(
  tx: Tx,
  customer: typeof customers.$inferInsert,
  manager: FirstUser,
): Promise<{ customer: CustomerRow; userId: string }> {
  const [created] = await tx.insert(customers).values(customer).returning();
  const [user] = await tx
    .insert(users)
    .values({ customerId: customer.id, ...manager, roles: ['customer_manager'] })
    .returning({ id: users.id });
  return { customer: created as CustomerRow, userId: (user as { id: string }).id };
}

/**
 * A new customer with its first user, who has no password until the welcome link
 * (`welcomeTokenId`, valid until `welcomeExpiresAt`) is used.
 */
export async function createCustomerWithManager(
  db: Database,
  customer: typeof customers.$inferInsert & { createdAt: Date },
  manager: Omit<FirstUser, 'passwordHash'>,
  welcome: { tokenId: string; expiresAt: Date },
): Promise<CustomerRow> {
  return db.transaction(async (tx) => {
    const created = await insertCustomerWithManager(tx, customer, manager);
    await tx.insert(passwordResetTokens).values({
      id: welcome.tokenId,
      userId: created.userId,
      createdAt: customer.createdAt,
      expiresAt: welcome.expiresAt,
    });
    return created.customer;
  });
}

/**
 * Subscribed certnames per customer, from live data: servers and clusters with a plan that run
 * the agent (active or stale), for all customers or just one.
 */
export async function subscribedCertnameCounts(
  db: Database,
  tenant: Tenant | null,
): Promise<Map<string, { k8s: number; server: number; total: number }>> {
  const counted = async (table: typeof servers | typeof clusters) =>
    db
      .select({ customerId: table.customerId, n: count() })
      .from(table)
      .where(
        and(
          isNotNull(table.plan),
          inArray(table.status, [...SUBSCRIBED_STATUSES] as ('active' | 'stale')[]),
          tenant ? eq(table.customerId, tenant.customerId) : undefined,
        ),
      )
      .groupBy(table.customerId);
  const [serverRows, clusterRows] = await Promise.all([counted(servers), counted(clusters)]);
  const result = new Map<string, { k8s: number; server: number; total: number }>();
  const entry = (id: string) => {
    const existing = result.get(id) ?? { k8s: 0, server: 0, total: 0 };
    result.set(id, existing);
    return existing;
  };
  for (const row of serverRows) entry(row.customerId).server = row.n;
  for (const row of clusterRows) entry(row.customerId).k8s = row.n;
  for (const value of result.values()) value.total = value.server + value.k8s;
  return result;
}
