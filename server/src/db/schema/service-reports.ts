import { date, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { servers } from './infrastructure';

/**
 * Pings received per server and day (UTC), for the monthly report's availability: one row a server
 * a day, counted up by each ping batch.
 */
export const serverPingDays = pgTable(
  'server_ping_days',
  {
    serverId: uuid('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    pings: integer('pings').notNull(),
  },
  (table) => [primaryKey({ columns: [table.serverId, table.day] })],
);

/** Each customer's monthly report is mailed once: the key is claimed before the mail goes (decision 0104). */
export const serviceReportMailings = pgTable(
  'service_report_mailings',
  {
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    mailedAt: timestamp('mailed_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.customerId, table.month] })],
);
