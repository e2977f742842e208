import { HANDED_IN_STATUSES, TIME_ENTRY_KINDS } from '@tidewatch/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { invoices } from './invoices';
import { products } from './products';
import { users } from './users';

/**
 * One task a staff member did for a customer; date and start are wall-clock time in the customer's zone.
 * An employee's entries never overlap: the exclusion constraint `time_entries_no_overlap` (migration
 * 0025; drizzle cannot declare one) holds it on their instants.
 */
export const timeEntries = pgTable(
  'time_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id),
    date: date('date', { mode: 'string' }).notNull(),
    startMinute: integer('start_minute').notNull(),
    minutes: integer('minutes').notNull(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    description: text('description').notNull(),
    ticketRef: text('ticket_ref'),
    kind: text('kind', { enum: TIME_ENTRY_KINDS }).notNull().default('ordinary'),
    billable: boolean('billable').notNull().default(true),
    /** The invoice that billed the entry: one column, so one invoice (decision 0054). */
    invoiceId: uuid('invoice_id').references(() => invoices.id),
    /** The entry's instants, kept so overlaps across customers' time zones are one comparison. */
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [
    index('time_entries_employee_date_idx').on(table.employeeId, table.date),
    index('time_entries_customer_date_idx').on(table.customerId, table.date),
    index('time_entries_invoice_idx').on(table.invoiceId),
  ],
);
export type TimeEntryRow = typeof timeEntries.$inferSelect;

/** A month an employee handed in; no row means the month is open. Approved months are locked. */
export const timeMonths = pgTable(
  'time_months',
  {
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** YYYY-MM. */
    month: text('month').notNull(),
    status: text('status', { enum: HANDED_IN_STATUSES }).notNull(),
    comment: text('comment'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [primaryKey({ columns: [table.employeeId, table.month] })],
);
export type TimeMonthRow = typeof timeMonths.$inferSelect;
