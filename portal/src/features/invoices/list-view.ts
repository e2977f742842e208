import { INVOICE_STATUSES } from '@tidewatch/domain';
import * as z from 'zod/mini';
import { cursorTrail, lenient, monthParam } from '../../lib/search-params';
import type { InvoiceQuery } from './api/invoices';

/** The invoice list in the URL: status, the first and last billed month, and the cursors walked so far. */
export const InvoiceSearch = z.object({
  status: lenient(z.enum(INVOICE_STATUSES)),
  from: lenient(monthParam),
  to: lenient(monthParam),
  cursors: lenient(cursorTrail),
});
export type InvoiceView = z.output<typeof InvoiceSearch>;

export const PAGE_SIZE = 25;

export function invoiceQueryOf(view: InvoiceView, customerId: string | null): InvoiceQuery {
  const cursor = view.cursors?.at(-1);
  return {
    limit: PAGE_SIZE,
    ...(customerId && { customer_id: customerId }),
    ...(view.status && { status: view.status }),
    ...(view.from && { from: view.from }),
    ...(view.to && { to: view.to }),
    ...(cursor && { cursor }),
  };
}

/** A changed filter starts again from the first page. */
export const changeInvoiceView = (view: InvoiceView, next: Partial<InvoiceView>): InvoiceView => ({
  ...view,
  ...next,
  cursors: undefined,
});
