import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Server-side sessions; the id is the SHA-256 of the cookie's token, so a database leak yields no session. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    /** What the session list shows and "sign out" names; the id itself never leaves the server. */
    publicId: uuid('public_id').notNull().unique().defaultRandom(),
    /** Whom the session acts as: the signed-in user, or the impersonated one. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The admin behind an impersonation. */
    impersonatorId: uuid('impersonator_id').references(() => users.id, { onDelete: 'cascade' }),
    impersonationReason: text('impersonation_reason'),
    impersonationStartedAt: timestamp('impersonation_started_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    /** Absolute end: set at sign-in and never extended. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** For a company sign-in: the provider's refresh token, sealed; each renewal asks the provider again. */
    ssoRefreshToken: text('sso_refresh_token'),
    /** When the provider last confirmed the user; the session is checked again after SSO_RECHECK. */
    ssoCheckedAt: timestamp('sso_checked_at', { withTimezone: true }),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);
export type SessionRow = typeof sessions.$inferSelect;
