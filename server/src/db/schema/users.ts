import { sql } from 'drizzle-orm';
import { bigint, boolean, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id),
    /** Stored lower-cased; unique whatever the case it was typed in. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    /** argon2id; null until the user sets a password. */
    passwordHash: text('password_hash'),
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    consultingLevel: integer('consulting_level'),
    language: text('language', { enum: ['en', 'da'] })
      .notNull()
      .default('en'),
    active: boolean('active').notNull().default(true),
    /** The authenticator secret, encrypted; set once enrolment is confirmed. */
    totpSecret: text('totp_secret'),
    /** A secret offered during enrolment, not yet confirmed with a code. */
    totpPendingSecret: text('totp_pending_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last time step a code was accepted for, so no code works twice. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** The subject (`sub`) at the customer's identity provider, once the user signed in through it. */
    ssoSubject: text('sso_subject'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`),
    uniqueIndex('users_sso_subject_key').on(table.customerId, table.ssoSubject),
  ],
);
export type UserRow = typeof users.$inferSelect;
