import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * What visitors send from the public forms: contact messages, solutions-brief downloads and
 * reseller applications. Each kind fills the columns its form has; the rest stay empty.
 */
export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['contact', 'solutions_brief', 'reseller_application'] }).notNull(),
    name: text('name').notNull(),
    /** Lower-cased, as the shared schema leaves it. */
    email: text('email').notNull(),
    company: text('company'),
    phone: text('phone'),
    jobRole: text('job_role'),
    message: text('message'),
    /** ISO 3166-1 alpha-2. */
    country: text('country'),
    /** A range such as `5-9`: new customers a reseller expects in its first year. */
    expectedCustomers: text('expected_customers'),
    /** The language of the page it was sent from. */
    locale: text('locale', { enum: ['en', 'da'] }).notNull(),
    /** A keyed hash of the sender's address: repeated senders can be told apart, the address is not kept. */
    sourceHash: text('source_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('leads_created_idx').on(table.createdAt),
    index('leads_email_idx').on(table.email),
    check('leads_kind_check', sql`${table.kind} in ('contact', 'solutions_brief', 'reseller_application')`),
  ],
);
