import { MAIL_CATEGORIES, type SignUpBody } from '@tidewatch/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { bytes } from './bytes';
import { users } from './users';

/**
 * Every mail the product sends: written within the request, delivered by the outbox worker
 * (through SMTP, or to the log without it), retried with backoff until it is sent or given up.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    kind: text('kind').notNull(),
    to: text('to').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Marketing mail: where one click unsubscribes (sent as the List-Unsubscribe header). */
    listUnsubscribe: text('list_unsubscribe'),
    /** The unsubscribe address takes RFC 8058's one-click POST (sent as List-Unsubscribe-Post). */
    oneClickUnsubscribe: boolean('one_click_unsubscribe').notNull().default(false),
    /** A calendar invitation sent with the mail (iTIP: `REQUEST` or `CANCEL`), and its iCalendar text. */
    calendarMethod: text('calendar_method', { enum: ['REQUEST', 'CANCEL'] }),
    calendar: text('calendar'),
    /** One file sent with the mail (a job application's CV): its name, type and bytes. */
    attachmentName: text('attachment_name'),
    attachmentType: text('attachment_type'),
    attachment: bytes('attachment'),
    attempts: integer('attempts').notNull().default(0),
    /** When a worker may next claim it; a claim moves it past the attempt, so a crashed worker's mail comes back. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (table) => [index('outbox_due_idx').on(table.nextAttemptAt).where(sql`${table.sentAt} is null`)],
);

/** Password-reset links: the SHA-256 of the token is stored, each works once and for an hour. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('password_reset_tokens_user_idx').on(table.userId)],
);

/**
 * Sign-ups waiting for their mailed link: the form as sent and the SHA-256 of the link's token.
 * Following the link within a day creates the customer; until then nothing else exists.
 */
export const pendingSignUps = pgTable('pending_sign_ups', {
  id: text('id').primaryKey(),
  email: text('email').notNull(),
  /** The sign-up form's fields, as the contract parsed them. */
  form: jsonb('form').$type<z.output<typeof SignUpBody>>().notNull(),
  /** The terms accepted with the form (`TERMS_VERSION`), at `createdAt`; null for a sign-up kept before terms were asked. */
  termsVersion: text('terms_version'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/**
 * The kinds of mail an address asked not to get (a user in settings, anyone by a mail's one-click
 * link): by address, so a contact who is no user can stop them too.
 */
export const mailOptOuts = pgTable(
  'mail_opt_outs',
  {
    /** Lower case. */
    email: text('email').notNull(),
    category: text('category', { enum: MAIL_CATEGORIES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.email, table.category] })],
);
