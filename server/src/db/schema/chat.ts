import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/** A conversation from the site's chat widget: the visitor's details, where they are and its state. */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 of the conversation's token; the token itself stays with the visitor. */
    tokenHash: text('token_hash').notNull().unique(),
    /** The location lookup's TOTP secret, sealed like authenticator secrets. */
    totpSecret: text('totp_secret').notNull(),
    /** The last TOTP step used, so a code is accepted once. */
    lastTotpStep: integer('last_totp_step'),
    visitorName: text('visitor_name').notNull(),
    visitorEmail: text('visitor_email').notNull(),
    locale: text('locale', { enum: ['en', 'da'] }).notNull(),
    page: text('page').notNull(),
    city: text('city'),
    country: text('country'),
    /** The widget's failure message when the lookup failed. */
    locationError: text('location_error'),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull(),
    lastMessageBy: text('last_message_by', { enum: ['user', 'bot', 'mattermost'] }).notNull(),
    lastVisitorMessageId: integer('last_visitor_message_id').notNull().default(0),
    /** Staff have read the visitor's messages up to this id. */
    staffReadMessageId: integer('staff_read_message_id').notNull().default(0),
    /** Renewed while the visitor's socket is open on some replica; null once it closes. */
    visitorSeenAt: timestamp('visitor_seen_at', { withTimezone: true }),
    salesNotifiedAt: timestamp('sales_notified_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    index('chat_conversations_status_activity_idx').on(table.status, table.lastMessageAt, table.id),
    check('chat_conversations_status_check', sql`${table.status} in ('open', 'closed')`),
  ],
);
export type ChatConversationRow = typeof chatConversations.$inferSelect;

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    by: text('by', { enum: ['user', 'bot', 'mattermost'] }).notNull(),
    body: text('body').notNull(),
    /** The widget's id for a visitor message, so a resent frame is stored once. */
    clientId: text('client_id'),
    staffUserId: uuid('staff_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('chat_messages_conversation_idx').on(table.conversationId, table.id),
    uniqueIndex('chat_messages_client_id_idx').on(table.conversationId, table.clientId),
    check('chat_messages_by_check', sql`${table.by} in ('user', 'bot', 'mattermost')`),
  ],
);
export type ChatMessageRow = typeof chatMessages.$inferSelect;

/** When each staff member last had the inbox open: "staff online" is any within a short while. */
export const chatStaffPresence = pgTable('chat_staff_presence', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
});
