import { and, arrayContains, eq, isNotNull, isNull, or } from 'drizzle-orm';
import type { Tenant } from '../../../core/tenant';
import type { Database, Tx } from '../../../db/client';
import {
  type CustomerRow,
  ceilingAlerts,
  ceilingMonths,
  contacts,
  customers,
  expenseCeilings,
  tags,
  users,
} from '../../../db/schema';

/** The ids of the tenant's tags, the groups a ceiling may be set on. */
export async function tagIdsOf(db: Database, tenant: Tenant): Promise<string[]> {
  const rows = await db.select({ id: tags.id }).from(tags).where(eq(tags.customerId, tenant.customerId));
  return rows.map((row) => row.id);
}

/** Replaces the tenant's ceiling and its groups' ceilings, in one transaction. */
export async function replaceCeilings(
  db: Database,
  tenant: Tenant,
  customerCeilingEur: number | null,
  groups: readonly { tagId: string; ceilingEur: number }[],
): Promise<void> {
  const { customerId } = tenant;
  await db.transaction(async (tx) => {
    await tx
      .update(customers)
      .set({ expenseCeilingEur: customerCeilingEur })
      .where(eq(customers.id, customerId));
    await tx.delete(expenseCeilings).where(eq(expenseCeilings.customerId, customerId));
    if (groups.length > 0) {
      await tx.insert(expenseCeilings).values(groups.map((group) => ({ customerId, ...group })));
    }
  });
}

/** Records that the tenant's spend over its ceilings this `month` is approved in advance. */
export async function preApproveMonth(
  db: Database,
  tenant: Tenant,
  month: string,
  approval: { preApprovedAt: Date; preApprovedBy: string },
): Promise<void> {
  await db
    .insert(ceilingMonths)
    .values({ customerId: tenant.customerId, month, ...approval })
    .onConflictDoUpdate({ target: [ceilingMonths.customerId, ceilingMonths.month], set: approval });
}

/** The customer's group ceilings with their tags' names, by name. */
export async function groupCeilingsOf(db: Database, customerId: string) {
  return db
    .select({ tagId: expenseCeilings.tagId, name: tags.name, ceilingEur: expenseCeilings.ceilingEur })
    .from(expenseCeilings)
    .innerJoin(tags, eq(tags.id, expenseCeilings.tagId))
    .where(eq(expenseCeilings.customerId, customerId))
    .orderBy(tags.name);
}

/** What the customer's ceilings noted for a month (reached, mailed, pre-approved), if anything. */
export async function findCeilingMonth(db: Database, customerId: string, month: string) {
  const [row] = await db
    .select()
    .from(ceilingMonths)
    .where(and(eq(ceilingMonths.customerId, customerId), eq(ceilingMonths.month, month)));
  return row;
}

/** Notes when the month's hard ceiling was first reached. */
export async function noteCeilingMonthReached(db: Database, customerId: string, month: string, at: Date) {
  await db
    .insert(ceilingMonths)
    .values({ customerId, month, reachedAt: at })
    .onConflictDoUpdate({
      target: [ceilingMonths.customerId, ceilingMonths.month],
      set: { reachedAt: at },
      setWhere: isNull(ceilingMonths.reachedAt),
    });
}

/** A warning of a ceiling: the customer's (`customer`) or a group's (its tag id), at a threshold. */
export interface CeilingAlert {
  scope: string;
  threshold: number;
}

/**
 * Claims the month's warnings not sent yet, with one insert that skips those claimed already, so
 * replicas checking at once send each once. The warnings claimed now.
 */
export async function claimCeilingAlerts(
  tx: Tx,
  customerId: string,
  month: string,
  alerts: CeilingAlert[],
  at: Date,
): Promise<CeilingAlert[]> {
  if (!alerts.length) return [];
  return tx
    .insert(ceilingAlerts)
    .values(alerts.map((alert) => ({ customerId, month, ...alert, sentAt: at })))
    .onConflictDoNothing()
    .returning({ scope: ceilingAlerts.scope, threshold: ceilingAlerts.threshold });
}

/**
 * Who hears of the customer's spend: its billing contacts, its user managers, and its billing
 * address (else its alert address), each once.
 */
export async function spendRecipientsOf(db: Database, customer: CustomerRow): Promise<string[]> {
  const [billingContacts, managers] = await Promise.all([
    db
      .select({ email: contacts.email })
      .from(contacts)
      .where(and(eq(contacts.customerId, customer.id), arrayContains(contacts.kinds, ['billing']))),
    db
      .select({ email: users.email })
      .from(users)
      .where(
        and(
          eq(users.customerId, customer.id),
          eq(users.active, true),
          arrayContains(users.roles, ['customer_manager']),
        ),
      ),
  ]);
  const own = customer.billingEmail ?? customer.alertEmail;
  const emails = [...(own ? [own] : []), ...[...billingContacts, ...managers].map((row) => row.email)];
  return [...new Set(emails.map((email) => email.toLowerCase()))];
}

/** Active customers with a ceiling of their own or on a group. */
export async function customersWithCeilings(db: Database): Promise<CustomerRow[]> {
  const rows = await db
    .selectDistinct({ customer: customers })
    .from(customers)
    .leftJoin(expenseCeilings, eq(expenseCeilings.customerId, customers.id))
    .where(
      and(
        eq(customers.active, true),
        or(isNotNull(customers.expenseCeilingEur), isNotNull(expenseCeilings.tagId)),
      ),
    );
  return rows.map((row) => row.customer);
}
