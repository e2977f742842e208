import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** What browsers reported the Content-Security-Policy blocked on our pages (decision 0075); the newest only. */
export const cspReports = pgTable(
  'csp_reports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    documentUrl: text('document_url').notNull(),
    blockedUrl: text('blocked_url'),
    directive: text('directive').notNull(),
    disposition: text('disposition'),
    sample: text('sample'),
    sourceFile: text('source_file'),
    lineNumber: integer('line_number'),
    columnNumber: integer('column_number'),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (table) => [index('csp_reports_received_idx').on(table.receivedAt)],
);
