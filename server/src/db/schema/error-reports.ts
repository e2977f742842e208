import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Failures seen in browsers (spec section 8), with secrets removed before they are stored. */
export const errorReports = pgTable(
  'error_reports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    type: text('type', { enum: ['UI ERROR', 'API ERROR'] }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    app: text('app').notNull(),
    page: text('page').notNull(),
    reportedUser: jsonb('reported_user'),
    stack: text('stack'),
    error: jsonb('error'),
    /** The signed-in user who sent it, if any (what the report says of its user is only a claim). */
    userId: uuid('user_id'),
    ip: text('ip'),
    requestId: text('request_id'),
  },
  (table) => [index('error_reports_received_idx').on(table.receivedAt)],
);
