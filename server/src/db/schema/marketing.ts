import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Addresses and whether they still get marketing mail; stored lower-cased. */
export const marketingSubscriptions = pgTable('marketing_subscriptions', {
  email: text('email').primaryKey(),
  unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  feedback: text('feedback'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
