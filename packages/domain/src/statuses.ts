// Status vocabularies in a module of their own, so a page that only lists them (a filter in the
// address) does not bring the date and time-zone code of the modules that work with them.

export const WINDOW_STATUSES = ['scheduled', 'open', 'closed', 'expired'] as const;
export type WindowStatus = (typeof WINDOW_STATUSES)[number];

export const INVOICE_STATUSES = ['draft', 'issued', 'paid', 'overdue'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
/** What staff may set; overdue follows from the due date. */
export const SETTABLE_INVOICE_STATUSES = ['issued', 'paid'] as const;
