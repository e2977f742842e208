import { entryInterval, invoiceDate, monthList, shiftDate, todayIn } from '@tidewatch/domain';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { customers } from '../db/schema';
import { ceilingsOf, creditInvoice, invoiceCustomer, issueInvoice, payInvoice } from '../modules/invoices';

const INVOICED = ['acmecorp', 'globexco'];
/** Acme's invoice two months back is left unpaid past its due date; the one before it was credited. */
const OVERDUE_MONTHS_BACK = 2;
const CREDITED_MONTHS_BACK = 3;
/** Globex's latest two wait as drafts for finance to issue. */
const GLOBEX_DRAFTS = 2;
/** Payments arrive a week after the invoice. */
const PAID_AFTER_DAYS = 7;

/**
 * A year of invoices written by the generator itself as the billing job wrote them at the start of
 * each invoice day (so the numbers are the real arithmetic, and hours approved after an invoice day
 * are on the next invoice), each issued that morning as finance would: paid a week later, except
 * Acme's latest (issued today, so not yet due nor paid), one overdue and one credited with its credit note;
 * Globex's latest two stay drafts for finance to issue. Acme's ceiling is set just under its soft
 * level for this month's spend so far.
 */
export async function seedInvoices(db: Database, now: Date): Promise<void> {
  const rows = await db.select().from(customers).where(inArray(customers.id, INVOICED));
  for (const customer of rows) {
    const today = todayIn(now, customer.timezone);
    const months = monthList(now, customer.timezone, 12).reverse();
    const written: { id: string; issuedAt: Date }[] = [];
    for (const month of months) {
      const issueDate = invoiceDate(month, customer.invoiceDayOfMonth);
      if (issueDate > today) continue;
      const [fresh] = await db.select().from(customers).where(eq(customers.id, customer.id));
      const startOfDay = entryInterval(issueDate, 0, 0, customer.timezone).start;
      const id = fresh && (await invoiceCustomer(db, fresh, issueDate, startOfDay));
      if (id) written.push({ id, issuedAt: startOfDay });
    }
    const drafts = customer.id === 'globexco' ? GLOBEX_DRAFTS : 0;
    const sent = written.slice(0, written.length - drafts);
    for (const [index, { id, issuedAt }] of sent.entries()) {
      const monthsBack = sent.length - 1 - index;
      const acme = customer.id === 'acmecorp';
      // Acme's latest is issued today, so it is not yet due whatever day the demo is seeded on.
      const issued = await issueInvoice(db, id, acme && monthsBack === 0 ? now : issuedAt);
      if (acme && (monthsBack === 0 || monthsBack === OVERDUE_MONTHS_BACK)) continue;
      const paid = await payInvoice(db, issued, shiftDate(issued.issueDate, PAID_AFTER_DAYS), issuedAt);
      if (acme && monthsBack === CREDITED_MONTHS_BACK) {
        const reason = 'Alert handling was down for two days that month; credited in full by agreement.';
        const later = new Date(issuedAt.getTime() + 2 * PAID_AFTER_DAYS * 86_400_000);
        await creditInvoice(db, paid.id, { reason, by: null }, later);
      }
    }
  }
  const [acme] = await db.select().from(customers).where(eq(customers.id, 'acmecorp'));
  if (!acme) return;
  const { spent_cents } = await ceilingsOf(db, acme, now);
  // 78 % of the ceiling spent: just under the soft level, rounded to 10 EUR.
  const ceilingEur = Math.max(10, Math.round(spent_cents / 0.78 / 1000) * 10);
  await db.update(customers).set({ expenseCeilingEur: ceilingEur }).where(eq(customers.id, 'acmecorp'));
}
