import type { ConsultationLine, SubscriptionLine } from '@tidewatch/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { tags } from './tags';
import { users } from './users';

/** An invoice line as written on the invoice (amounts in cents). */
export type StoredInvoiceLine =
  | ({ kind: 'subscription' } & SubscriptionLine)
  | ({
      kind: 'consultation' /** The month the time was worked, YYYY-MM. */;
      month: string;
    } & ConsultationLine);

/** Who the invoice was written to, as it stood on the invoice day. */
export interface InvoiceRecipient {
  companyName: string;
  attName: string | null;
  address: string | null;
  country: string | null;
  vatId: string | null;
}

/** One customer's invoice for one billed month; the unique month makes generation idempotent. */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id),
    /** Given when issued, from the customer's gap-free series; a draft has none (decision 0065). */
    number: text('number'),
    /** The billed month, YYYY-MM. */
    period: text('period').notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /** Overdue is not stored: it follows from the due date. */
    status: text('status', { enum: ['draft', 'issued', 'paid', 'credited'] })
      .notNull()
      .default('draft'),
    language: text('language', { enum: ['en', 'da'] }).notNull(),
    recipient: jsonb('recipient').$type<InvoiceRecipient>().notNull(),
    lines: jsonb('lines').$type<StoredInvoiceLine[]>().notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    vatRatePercent: numeric('vat_rate_percent', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    vatCents: integer('vat_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    reverseCharge: boolean('reverse_charge').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The day the payment arrived, as finance records it. */
    paidOn: date('paid_on', { mode: 'string' }),
  },
  (table) => [
    check('invoices_number_once_issued', sql`${table.status} = 'draft' or ${table.number} is not null`),
    uniqueIndex('invoices_customer_period_key').on(table.customerId, table.period),
    uniqueIndex('invoices_number_key').on(table.number),
    index('invoices_issue_date_idx').on(table.issueDate, table.id),
  ],
);
export type InvoiceRow = typeof invoices.$inferSelect;

/**
 * A credit note cancelling one issued invoice in full: its own document and number series; the
 * invoice it credits is never edited, only marked credited.
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    number: text('number').notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
    totalCents: integer('total_cents').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [
    uniqueIndex('credit_notes_invoice_key').on(table.invoiceId),
    uniqueIndex('credit_notes_number_key').on(table.number),
    index('credit_notes_customer_idx').on(table.customerId),
  ],
);
export type CreditNoteRow = typeof creditNotes.$inferSelect;

/** A monthly ceiling on a group of servers (a tag); the customer's own is `customers.expense_ceiling_eur`. */
export const expenseCeilings = pgTable(
  'expense_ceilings',
  {
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    ceilingEur: numeric('ceiling_eur', { precision: 12, scale: 2, mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.customerId, table.tagId] })],
);

/**
 * A customer's month at its hard ceiling: when it was reached and mailed (once a month), and the
 * customer's pre-approval of further ordinary work.
 */
export const ceilingMonths = pgTable(
  'ceiling_months',
  {
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id),
    /** YYYY-MM. */
    month: text('month').notNull(),
    reachedAt: timestamp('reached_at', { withTimezone: true }),
    preApprovedAt: timestamp('pre_approved_at', { withTimezone: true }),
    preApprovedBy: uuid('pre_approved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [primaryKey({ columns: [table.customerId, table.month] })],
);

/**
 * Each warning a month's spend crossed (50, 80 and 100 % of a ceiling: the customer's, or a
 * group's by its tag id), once: the row is the claim, so replicas checking at once warn once.
 */
export const ceilingAlerts = pgTable(
  'ceiling_alerts',
  {
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id),
    /** YYYY-MM. */
    month: text('month').notNull(),
    /** `customer`, or the group's tag id. */
    scope: text('scope').notNull(),
    threshold: integer('threshold').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.customerId, table.month, table.scope, table.threshold] })],
);
