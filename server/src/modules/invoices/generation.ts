import { billedMonthOf, dueDate, invoiceDate, invoiceTotals, monthOf, todayIn } from '@tidewatch/domain';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type CustomerRow, customers, invoices, timeEntries } from '../../db/schema';
import { HOME_COUNTRY, invoiceContent } from './charges';

/** Gives up the transaction without an error: the invoice exists already, or there is nothing to bill. */
class NothingToInvoice extends Error {}

/**
 * Writes the customer's draft invoice for the month before `issueDate`'s month, once, with the
 * consultation approved by `now` that no invoice has billed yet. The customer's row is locked while
 * what to bill is read, so two runs (or two replicas) make one invoice between them, and each time
 * entry is marked with the invoice that billed it in the same transaction. A draft has no number:
 * issuing gives it one (decision 0065).
 * Returns the new invoice's id, or null when there was one already or nothing to bill.
 */
export async function invoiceCustomer(
  db: Database,
  customer: CustomerRow,
  issueDate: string,
  now: Date,
): Promise<string | null> {
  const period = billedMonthOf(monthOf(issueDate));
  try {
    return await db.transaction(async (tx) => {
      // An update that changes nothing still takes the customer's row lock.
      const [locked] = await tx
        .update(customers)
        .set({ serialNum: sql`${customers.serialNum}` })
        .where(eq(customers.id, customer.id))
        .returning({ id: customers.id });
      const [existing] = await tx
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.customerId, customer.id), eq(invoices.period, period)));
      if (!locked || existing) throw new NothingToInvoice();
      const { lines, entryIds } = await invoiceContent(tx, customer, period, now);
      if (lines.length === 0) throw new NothingToInvoice();
      const totals = invoiceTotals(
        lines.map((line) => line.amountCents),
        {
          country: customer.billingCountry ?? HOME_COUNTRY,
          vatId: customer.vatId,
          vatRatePercent: customer.vatRate,
        },
        HOME_COUNTRY,
      );
      const [row] = await tx
        .insert(invoices)
        .values({
          customerId: customer.id,
          period,
          issueDate,
          dueDate: dueDate(issueDate, customer.creditDays),
          language: customer.billingLanguage,
          recipient: {
            companyName: customer.companyName,
            attName: customer.attName,
            address: customer.billingAddress,
            country: customer.billingCountry,
            vatId: customer.vatId,
          },
          lines,
          ...totals,
        })
        .returning({ id: invoices.id });
      if (!row) throw new Error('insert returned no row');
      const billed = await tx
        .update(timeEntries)
        .set({ invoiceId: row.id })
        .where(and(inArray(timeEntries.id, entryIds), isNull(timeEntries.invoiceId)))
        .returning({ id: timeEntries.id });
      // Never reached while the customer's row is locked; if it were, no entry is billed twice.
      if (billed.length !== entryIds.length) throw new Error('a time entry was billed meanwhile');
      return row.id;
    });
  } catch (error) {
    if (error instanceof NothingToInvoice) return null;
    throw error;
  }
}

/** Invoices every active customer whose invoice day of this month (in its zone) has come. */
export async function generateInvoices(db: Database, now: Date): Promise<string[]> {
  const active = await db.select().from(customers).where(eq(customers.active, true));
  const created: string[] = [];
  for (const customer of active) {
    const today = todayIn(now, customer.timezone);
    const issueDate = invoiceDate(monthOf(today), customer.invoiceDayOfMonth);
    if (today < issueDate) continue;
    const id = await invoiceCustomer(db, customer, issueDate, now);
    if (id) created.push(id);
  }
  return created;
}
