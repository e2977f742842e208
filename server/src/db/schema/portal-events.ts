import type { PortalEventName } from '@tidewatch/contract';
import { sql } from 'drizzle-orm';
import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What changed, for the portal's live stream (decision 0103): written by triggers on the tables
 * the events are about, in the transaction that made the change, and announced by id. Kept a
 * short while, so a tab that reconnects with `Last-Event-ID` catches up.
 */
export const portalEvents = pgTable(
  'portal_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().default(sql`now()`),
    name: text('name').$type<PortalEventName>().notNull(),
    /** Whose event it is; null for staff work (the site chat, time registration). */
    customerId: text('customer_id'),
    /** The one session it is for (`session.ended`); null for everyone who may see the customer. */
    sessionId: text('session_id'),
    /** The changed thing's ids, as the event's data (PORTAL_EVENTS in the contract). */
    data: text('data').notNull(),
  },
  (table) => [index('portal_events_at_idx').on(table.at)],
);
export type PortalEventRow = typeof portalEvents.$inferSelect;
