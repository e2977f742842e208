import { billedMonthOf, dueDate, invoiceDate, invoiceTotals, monthOf, todayIn } from '@tidewatch/domain';
import type { Database } from '../../db/client';
import { HOME_COUNTRY, invoiceContent } from './charges';
import {
  activeCustomers,
  type CustomerRow,
  hasInvoiceFor,
  insertDraftInvoice,
  lockCustomer,
  markEntriesBilled,
} from './repository/documents';

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
      const locked = await lockCustomer(tx, customer.id);
      if (!locked || (await hasInvoiceFor(tx, customer.id, period))) throw new NothingToInvoice();
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
      const invoiceId = await insertDraftInvoice(tx, {
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
      });
      // Never reached while the customer's row is locked; if it were, no entry is billed twice.
      if ((await markEntriesBilled(tx, entryIds, invoiceId)) !== entryIds.length)
        throw new Error('a time entry was billed meanwhile');
      return invoiceId;
    });
  } catch (error) {
    if (error instanceof NothingToInvoice) return null;
    throw error;
  }
}

/** Invoices every active customer whose invoice day of this month (in its zone) has come. */
export async function generateInvoices(db: Database, now: Date): Promise<string[]> {
  const created: string[] = [];
  for (const customer of await activeCustomers(db)) {
    const today = todayIn(now, customer.timezone);
    const issueDate = invoiceDate(monthOf(today), customer.invoiceDayOfMonth);
    if (today < issueDate) continue;
    const id = await invoiceCustomer(db, customer, issueDate, now);
    if (id) created.push(id);
  }
  return created;
}
