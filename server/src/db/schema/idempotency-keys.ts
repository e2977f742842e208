import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per `Idempotency-Key` a caller sent to a create route (decision 0062): claimed before
 * the handler runs, so that one of several identical requests creates, and holding its answer
 * for the others. Kept for 24 hours.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** Whose key: the signed-in user (and who acts as them), or an anonymous caller's address. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** A hash of the method, address and body: the same key with another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    /** Null while the first request runs. */
    status: integer('status'),
    /** The answer's body as JSON, sealed: some answers carry a secret shown once. */
    response: text('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.scope, table.key] }),
    index('idempotency_keys_created_at_idx').on(table.createdAt),
  ],
);
