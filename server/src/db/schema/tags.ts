import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers';

/** Tags group servers and clusters; a `team` tag is a team, an `update_group` tag an update group. */
export const tags = pgTable(
  'tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id),
    name: text('name').notNull(),
    type: text('type', { enum: ['team', 'update_group', 'plain'] })
      .notNull()
      .default('plain'),
    /** IANA zone; teams work in one, update groups' windows are expanded in it. */
    timezone: text('timezone'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [
    uniqueIndex('tags_customer_name_key').on(table.customerId, table.name),
    index('tags_customer_type_idx').on(table.customerId, table.type),
  ],
);
export type TagRow = typeof tags.$inferSelect;
