import { INVOICE_STATUSES } from '@tidewatch/domain';
import { z } from 'zod';
import { CustomerId, text } from './common';
import { ExpenseCeilingEur } from './customers';
import { Cursor, PageLimit, pageOf, TagId } from './infrastructure';
import { defineRoute, requires } from './route';
import { Month } from './time-registration';

export const InvoiceStatus = z.enum(INVOICE_STATUSES, { error: /*i18n*/ 'Choose a status' });

export const InvoiceLine = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('subscription'),
    plan: z.string(),
    servers: z.number().int(),
    nodes: z.number().int(),
    from: z.string(),
    until: z.string(),
    days: z.number().int(),
    discount_percent: z.number(),
    amount_cents: z.number().int(),
  }),
  z.object({
    kind: z.literal('consultation'),
    /** The month the time was worked, YYYY-MM: the invoice's period, or an earlier month approved after its invoice. */
    month: z.string(),
    level: z.number().int(),
    charged_minutes: z.number().int(),
    amount_cents: z.number().int(),
  }),
]);
export type InvoiceLine = z.infer<typeof InvoiceLine>;

/** The credit note that cancelled an invoice: its own document, with its own number. */
export const CreditNote = z.object({
  id: z.string(),
  number: z.string(),
  invoice_id: z.string(),
  invoice_number: z.string(),
  issue_date: z.string(),
  reason: z.string(),
  total_cents: z.number().int(),
});
export type CreditNote = z.infer<typeof CreditNote>;

export const Invoice = z.object({
  id: z.string(),
  /** Given when the invoice is issued; a draft has none yet. */
  number: z.string().nullable(),
  customer_id: z.string(),
  company_name: z.string(),
  /** The billed month, YYYY-MM. */
  period: z.string(),
  issue_date: z.string(),
  due_date: z.string(),
  status: InvoiceStatus,
  /** The day the payment arrived, once recorded. */
  paid_on: z.string().nullable(),
  credit_note: CreditNote.nullable(),
  language: z.enum(['en', 'da']),
  lines: z.array(InvoiceLine),
  subtotal_cents: z.number().int(),
  vat_rate_percent: z.number(),
  vat_cents: z.number().int(),
  total_cents: z.number().int(),
  reverse_charge: z.boolean(),
});
export type Invoice = z.infer<typeof Invoice>;

/**
 * Money counts issued documents only, for every reader alike: invoiced is what is issued, overdue
 * or paid (a credited invoice is cancelled by its credit note); drafts are never counted.
 */
export const InvoiceTotals = z.object({
  count: z.number().int(),
  total_cents: z.number().int(),
  /** Issued or overdue, not yet paid. */
  outstanding_cents: z.number().int(),
  overdue_cents: z.number().int(),
});

export const InvoicePage = pageOf(Invoice).extend({ totals: InvoiceTotals });
export type InvoicePage = z.infer<typeof InvoicePage>;

export const InvoiceListQuery = z
  .object({
    /** Staff: one customer's; a customer's own users always get their own. */
    customer_id: CustomerId.optional(),
    status: InvoiceStatus.optional(),
    /** Billed months from and to, inclusive. */
    from: Month.optional(),
    to: Month.optional(),
    cursor: Cursor.optional(),
    limit: PageLimit,
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    error: /*i18n*/ 'The first month comes before the last',
    path: ['to'],
  });

const invoiceParams = z.object({ invoice_id: z.uuid({ error: /*i18n*/ 'Not a valid invoice id' }) });

export const InvoicePaymentBody = z.object({
  paid_on: z.iso.date({ error: /*i18n*/ 'Enter the day the payment arrived' }),
});
export type InvoicePaymentBody = z.infer<typeof InvoicePaymentBody>;

export const CreditNoteBody = z.object({
  reason: text({ error: /*i18n*/ 'Say why the invoice is credited' })
    .trim()
    .min(1, { error: /*i18n*/ 'Say why the invoice is credited' })
    .max(500, { error: /*i18n*/ 'Keep the reason to 500 characters' }),
});
export type CreditNoteBody = z.infer<typeof CreditNoteBody>;

const creditNoteParams = z.object({
  credit_note_id: z.uuid({ error: /*i18n*/ 'Not a valid credit note id' }),
});

export const CeilingLevel = z.enum(['under', 'soft', 'hard']);

export const CeilingGauge = z.object({
  ceiling_cents: z.number().int(),
  spent_cents: z.number().int(),
  forecast_cents: z.number().int(),
  percent: z.number().int(),
  level: CeilingLevel,
});
export type CeilingGauge = z.infer<typeof CeilingGauge>;

export const ExpenseCeilings = z.object({
  customer_id: z.string(),
  month: z.string(),
  /** Month-to-date spend of the whole customer, day by day (for the chart). */
  daily: z.array(z.object({ date: z.string(), spent_cents: z.number().int() })),
  spent_cents: z.number().int(),
  forecast_cents: z.number().int(),
  /** The customer's own ceiling; null without one. */
  customer: CeilingGauge.nullable(),
  groups: z.array(CeilingGauge.extend({ tag_id: z.string(), tag_name: z.string() })),
  /** The customer approved ordinary work beyond its hard ceiling this month. */
  pre_approved: z.boolean(),
  /** The ceiling whose hard level is reached, in EUR (the portal's notice); 0 while none is. */
  reached_ceiling_eur: z.number(),
});
export type ExpenseCeilings = z.infer<typeof ExpenseCeilings>;

export const ExpenseCeilingsBody = z.object({
  customer_ceiling_eur: ExpenseCeilingEur.nullable(),
  groups: z
    .array(z.object({ tag_id: TagId, ceiling_eur: ExpenseCeilingEur }))
    .max(200, { error: /*i18n*/ 'Set at most 200 group ceilings' })
    .refine((groups) => new Set(groups.map((group) => group.tag_id)).size === groups.length, {
      error: /*i18n*/ 'Set each group once',
    }),
});
export type ExpenseCeilingsBody = z.infer<typeof ExpenseCeilingsBody>;

const customerParams = z.object({ customer_id: CustomerId });
const tenant = { from: 'params', key: 'customer_id' } as const;

/** Invoices and expense ceilings: on the finance API (decision 0053). */
export const invoiceRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/customer/invoices',
    mount: 'finance',
    access: requires('invoices.read'),
    tokenScope: 'invoices:read',
    summary: 'Invoices newest first with totals; staff see every customer’s, filtered by customer',
    query: InvoiceListQuery,
    response: InvoicePage,
    tenant: { from: 'query', key: 'customer_id' },
  }),
  pdf: defineRoute({
    method: 'GET',
    path: '/customer/invoices/{invoice_id}/pdf',
    mount: 'finance',
    access: requires('invoices.read'),
    tokenScope: 'invoices:read',
    summary: 'The invoice as a PDF (application/pdf) in the customer’s invoice language',
    params: invoiceParams,
    download: true,
  }),
  issue: defineRoute({
    method: 'POST',
    path: '/customer/invoices/{invoice_id}/issue',
    mount: 'finance',
    access: requires('invoices.manage'),
    summary:
      'Issue a draft: give it the next number and mail it with its PDF to the billing contacts (staff)',
    params: invoiceParams,
    response: Invoice,
    creates: true,
  }),
  pay: defineRoute({
    method: 'POST',
    path: '/customer/invoices/{invoice_id}/payment',
    mount: 'finance',
    access: requires('invoices.manage'),
    summary: 'Record the payment of an issued invoice on the day it arrived (staff)',
    params: invoiceParams,
    body: InvoicePaymentBody,
    response: Invoice,
  }),
  credit: defineRoute({
    method: 'POST',
    path: '/customer/invoices/{invoice_id}/credit-note',
    mount: 'finance',
    access: requires('invoices.manage'),
    summary:
      'Credit an issued invoice in full with a numbered credit note, mailed to the billing contacts (staff)',
    params: invoiceParams,
    body: CreditNoteBody,
    response: Invoice,
    creates: true,
  }),
  creditNotePdf: defineRoute({
    method: 'GET',
    path: '/customer/credit-notes/{credit_note_id}/pdf',
    mount: 'finance',
    access: requires('invoices.read'),
    tokenScope: 'invoices:read',
    summary: 'The credit note as a PDF (application/pdf) in the invoice’s language',
    params: creditNoteParams,
    download: true,
  }),
  ceilings: defineRoute({
    method: 'GET',
    path: '/customer/{customer_id}/expense-ceilings',
    mount: 'finance',
    access: requires('invoices.read'),
    tokenScope: 'invoices:read',
    summary: 'Month-to-date spend against the customer’s and its groups’ ceilings, with the forecast',
    params: customerParams,
    response: ExpenseCeilings,
    tenant,
  }),
  setCeilings: defineRoute({
    method: 'PUT',
    path: '/customer/{customer_id}/expense-ceilings',
    mount: 'finance',
    access: requires('expenseCeilings.manage'),
    summary: 'Set the customer’s ceiling and its groups’ (those left out are removed)',
    params: customerParams,
    body: ExpenseCeilingsBody,
    response: ExpenseCeilings,
    tenant,
  }),
  preApprove: defineRoute({
    method: 'POST',
    path: '/customer/{customer_id}/expense-ceilings/pre-approval',
    mount: 'finance',
    access: requires('expenseCeilings.manage'),
    summary: 'Approve ordinary work beyond the hard ceiling for the rest of this month',
    params: customerParams,
    response: ExpenseCeilings,
    tenant,
  }),
};
