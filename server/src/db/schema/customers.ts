import { PLAN_IDS } from '@tidewatch/domain';
import { sql } from 'drizzle-orm';
import { boolean, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const customers = pgTable('customers', {
  id: text('id').primaryKey(),
  companyName: text('company_name').notNull(),
  active: boolean('active').notNull().default(true),
  alertEmail: text('alert_email'),
  attEmail: text('att_email'),
  attName: text('att_name'),
  billingAddress: text('billing_address'),
  billingCountry: text('billing_country'),
  billingEmail: text('billing_email'),
  billingEmailCc: text('billing_email_cc'),
  billingLanguage: text('billing_language', { enum: ['en', 'da'] })
    .notNull()
    .default('en'),
  createdAt: timestamp('created', { withTimezone: true }).notNull().default(sql`now()`),
  creditDays: integer('credit_days').notNull().default(14),
  invoiceDayOfMonth: integer('invoice_day_of_month').notNull().default(1),
  latestInvoiceId: text('latest_invoice_id'),
  serialNum: integer('serial_num').notNull().default(1),
  timezone: text('timezone').notNull().default('Europe/Copenhagen'),
  vatId: text('vat_id'),
  vatRate: numeric('vat_rate', { precision: 5, scale: 2, mode: 'number' }).notNull().default(25),
  expenseCeilingEur: numeric('expense_ceiling_eur', { precision: 12, scale: 2, mode: 'number' }),
  /** The plan the customer subscribes to; null for a customer from sign-up until it chooses one. */
  plan: text('plan', { enum: PLAN_IDS }),
  /** A trial from sign-up: its plan and when it ends. */
  trialPlan: text('trial_plan', { enum: PLAN_IDS }),
  trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
  /** When the customer was told the trial ends soon: once a trial. */
  trialRemindedAt: timestamp('trial_reminded_at', { withTimezone: true }),
  /** The plan chosen at sign-up that the trial converts to; null until the customer chooses. */
  convertsToPlan: text('converts_to_plan', { enum: PLAN_IDS }),
  /** The terms the customer accepted at sign-up (`TERMS_VERSION`) and when; null for one staff added. */
  termsVersion: text('terms_version'),
  termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
  /** Every user of the customer needs a second factor; those without one enrol at their next sign-in. */
  requireTwoFactor: boolean('require_two_factor').notNull().default(false),
});
export type CustomerRow = typeof customers.$inferSelect;
