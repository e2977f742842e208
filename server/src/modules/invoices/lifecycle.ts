import { INVOICE_REFUSALS } from '@tidewatch/contract';
import { creditNoteNumber, dueDate, invoiceNumber, todayIn } from '@tidewatch/domain';
import type { Database, Tx } from '../../db/client';
import { conflict } from '../../lib/http-error';
import { queueWebhookEvent } from '../webhooks';
import {
  advanceInvoiceSeries,
  type CreditNoteRow,
  changeInvoiceFrom,
  creditNoteCount,
  findInvoiceRow,
  type InvoiceRow,
  insertCreditNote,
  lockCustomer,
} from './repository/documents';

/**
 * The customer's row, locked for the rest of the transaction: numbers are taken one at a time per
 * customer, so each series has no gaps and no repeats.
 */
async function lockedCustomer(tx: Tx, customerId: string) {
  const customer = await lockCustomer(tx, customerId);
  if (!customer) throw new Error(`customer ${customerId} is gone`);
  return customer;
}

/**
 * Issues a draft: the next number of the customer's series, the issue date today in the customer's
 * zone and the due date its credit days later. The serial is raised in the same transaction as the
 * status changes, so a refused or failed issue leaves no gap. 409 unless the invoice is a draft.
 */
export async function issueInvoice(db: Database, invoiceId: string, now: Date): Promise<InvoiceRow> {
  return db.transaction(async (tx) => {
    const draft = await findInvoiceRow(tx, invoiceId);
    if (!draft) throw new Error(`invoice ${invoiceId} is gone`);
    const customer = await lockedCustomer(tx, draft.customerId);
    const issueDate = todayIn(now, customer.timezone);
    const issued = await changeInvoiceFrom(tx, invoiceId, ['draft'], {
      status: 'issued',
      number: invoiceNumber(customer.id, customer.serialNum),
      issueDate,
      dueDate: dueDate(issueDate, customer.creditDays),
      issuedAt: now,
    });
    if (!issued) throw conflict(INVOICE_REFUSALS.notDraft);
    // The customer's latest invoice is the one it was sent last, never a draft.
    await advanceInvoiceSeries(tx, customer, issued);
    await queueWebhookEvent(
      tx,
      issued.customerId,
      'invoice.issued',
      {
        customer_id: issued.customerId,
        invoice_id: issued.id,
        number: issued.number,
        issue_date: issued.issueDate,
        due_date: issued.dueDate,
        total_cents: issued.totalCents,
        currency: 'EUR',
      },
      now,
    );
    return issued;
  });
}

/** Records that an issued (or overdue) invoice was paid on `paidOn`; 409 from any other status. */
export async function payInvoice(
  db: Database,
  invoice: InvoiceRow,
  paidOn: string,
  now: Date,
): Promise<InvoiceRow> {
  if (invoice.status !== 'issued') throw conflict(INVOICE_REFUSALS.notIssued);
  if (invoice.issueDate > paidOn) throw conflict(INVOICE_REFUSALS.paidBeforeIssue);
  const paid = await changeInvoiceFrom(db, invoice.id, ['issued'], { status: 'paid', paidOn, paidAt: now });
  if (!paid) throw conflict(INVOICE_REFUSALS.notIssued);
  return paid;
}

/**
 * Credits an issued or paid invoice in full: a credit note with the next number of the customer's
 * credit-note series, and the invoice marked credited (its lines and amounts stay as issued).
 * One credit note per invoice (a unique index); 409 from a draft or a credited invoice.
 */
export async function creditInvoice(
  db: Database,
  invoiceId: string,
  input: { reason: string; by: string | null },
  now: Date,
): Promise<{ invoice: InvoiceRow; creditNote: CreditNoteRow }> {
  return db.transaction(async (tx) => {
    const invoice = await findInvoiceRow(tx, invoiceId);
    if (!invoice) throw new Error(`invoice ${invoiceId} is gone`);
    const customer = await lockedCustomer(tx, invoice.customerId);
    const credited = await changeInvoiceFrom(tx, invoiceId, ['issued', 'paid'], { status: 'credited' });
    if (!credited) throw conflict(INVOICE_REFUSALS.notCreditable);
    // Under the customer's lock the count is the series so far: the next number has no gap.
    const written = await creditNoteCount(tx, customer.id);
    const creditNote = await insertCreditNote(tx, {
      customerId: customer.id,
      invoiceId,
      number: creditNoteNumber(customer.id, written + 1),
      issueDate: todayIn(now, customer.timezone),
      reason: input.reason,
      totalCents: invoice.totalCents,
      createdBy: input.by,
    });
    return { invoice: credited, creditNote };
  });
}
