// Status vocabularies in a module of their own, so a page that only lists them (a filter in the
// address) does not bring the date and time-zone code of the modules that work with them.

/** A cluster's life: reserved by its token, active once it reports, stale when it stops, and decommissioned. */
export const CLUSTER_STATUSES = ['registered', 'active', 'stale', 'decommissioned'] as const;
export type ClusterStatus = (typeof CLUSTER_STATUSES)[number];

export const WINDOW_STATUSES = ['scheduled', 'open', 'closed', 'expired'] as const;
export type WindowStatus = (typeof WINDOW_STATUSES)[number];

/** Overdue is never stored: an issued invoice past its due date reads as overdue (decision 0065). */
export const INVOICE_STATUSES = ['draft', 'issued', 'overdue', 'paid', 'credited'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export type StoredInvoiceStatus = Exclude<InvoiceStatus, 'overdue'>;

/** What staff may do to an invoice in each stored status; anything else is refused (409). */
export const INVOICE_ACTIONS = {
  draft: ['issue'],
  issued: ['pay', 'credit'],
  paid: ['credit'],
  credited: [],
} as const satisfies Record<StoredInvoiceStatus, readonly ('issue' | 'pay' | 'credit')[]>;
export type InvoiceAction = 'issue' | 'pay' | 'credit';

export const invoiceAllows = (status: InvoiceStatus, action: InvoiceAction): boolean =>
  (INVOICE_ACTIONS[status === 'overdue' ? 'issued' : status] as readonly InvoiceAction[]).includes(action);
