import { entryInterval, invoiceDate, monthList, todayIn } from '@tidewatch/domain';
import { and, eq, inArray, lt } from 'drizzle-orm';
import { ceilingsOf } from '../../modules/invoices/ceilings';
import { invoiceCustomer } from '../../modules/invoices/generation';
import type { Database } from '../client';
import { customers, invoices } from '../schema';

const INVOICED = ['acmecorp', 'globexco'];
/** Acme's invoice two months back is left unpaid past its due date. */
const OVERDUE_MONTHS_BACK = 2;

/**
 * A year of invoices written by the generator itself as the billing job wrote them at the start of
 * each invoice day (so the numbers are the real arithmetic, and hours approved after an invoice day
 * are on the next invoice): paid, except the latest (a draft) and one overdue on Acme; and Acme's
 * ceiling set just under its soft level for this month's spend so far.
 */
export async function seedInvoices(db: Database, now: Date): Promise<void> {
  const rows = await db.select().from(customers).where(inArray(customers.id, INVOICED));
  for (const customer of rows) {
    const today = todayIn(now, customer.timezone);
    const months = monthList(now, customer.timezone, 12).reverse();
    for (const month of months) {
      const issueDate = invoiceDate(month, customer.invoiceDayOfMonth);
      if (issueDate > today) continue;
      const [fresh] = await db.select().from(customers).where(eq(customers.id, customer.id));
      const startOfDay = entryInterval(issueDate, 0, 0, customer.timezone).start;
      if (fresh) await invoiceCustomer(db, fresh, issueDate, startOfDay);
    }
    const written = await db
      .select({ id: invoices.id, issueDate: invoices.issueDate })
      .from(invoices)
      .where(eq(invoices.customerId, customer.id))
      .orderBy(invoices.issueDate);
    const latest = written.at(-1);
    const overdue = customer.id === 'acmecorp' ? written.at(-1 - OVERDUE_MONTHS_BACK) : undefined;
    // The latest stays a draft for staff to issue; everything before it is paid but the overdue one.
    await db
      .update(invoices)
      .set({ status: 'paid', issuedAt: now, paidAt: now })
      .where(and(eq(invoices.customerId, customer.id), lt(invoices.issueDate, latest?.issueDate ?? today)));
    if (overdue) {
      await db
        .update(invoices)
        .set({ status: 'issued', issuedAt: now, paidAt: null })
        .where(eq(invoices.id, overdue.id));
    }
  }
  const [acme] = await db.select().from(customers).where(eq(customers.id, 'acmecorp'));
  if (!acme) return;
  const { spent_cents } = await ceilingsOf(db, acme, now);
  // 78 % of the ceiling spent: just under the soft level, rounded to 10 EUR.
  const ceilingEur = Math.max(10, Math.round(spent_cents / 0.78 / 1000) * 10);
  await db.update(customers).set({ expenseCeilingEur: ceilingEur }).where(eq(customers.id, 'acmecorp'));
}
