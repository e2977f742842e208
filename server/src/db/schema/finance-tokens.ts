import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sessions } from './sessions';

/**
 * A chain of finance refresh tokens, each replacing the one before, begun for one session. Ending
 * the session ends its families; a replaced token shown again revokes its family.
 */
export const financeTokenFamilies = pgTable(
  'finance_token_families',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('finance_token_families_session_id_idx').on(table.sessionId)],
);
export type FinanceTokenFamilyRow = typeof financeTokenFamilies.$inferSelect;

/** Refresh tokens by the SHA-256 of their value, so a database leak yields none. */
export const financeRefreshTokens = pgTable(
  'finance_refresh_tokens',
  {
    id: text('id').primaryKey(),
    familyId: uuid('family_id')
      .notNull()
      .references(() => financeTokenFamilies.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the token was exchanged for the next one; showing it again is reuse. */
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
  },
  (table) => [index('finance_refresh_tokens_family_id_idx').on(table.familyId)],
);
