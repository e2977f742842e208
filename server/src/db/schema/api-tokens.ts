import type { ApiScope } from '@tidewatch/contract';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { users } from './users';

/**
 * A customer's API token (decision 0098): only the SHA-256 of the secret is kept, so nobody, staff
 * included, can read a token back. Revoked rows stay, so the activity that names them still does.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scopes: text('scopes').array().$type<ApiScope[]>().notNull(),
    /** Hex SHA-256 of the whole token; a call finds its token by it. */
    secretHash: text('secret_hash').notNull().unique(),
    /** The manager who made it: the token acts with that user's roles, and dies with the account. */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: text('last_used_ip'),
    /** When the managers were told it expires within a week; set once, by the replica that claims it. */
    expiryMailedAt: timestamp('expiry_mailed_at', { withTimezone: true }),
  },
  (table) => [index('api_tokens_customer_idx').on(table.customerId, table.createdAt)],
);
export type ApiTokenRow = typeof apiTokens.$inferSelect;
