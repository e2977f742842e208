import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    /** Configuration for the tag's servers (roles and their parameters), set by change requests. */
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    parameters: jsonb('parameters')
      .$type<Record<string, Record<string, string | number | boolean | null>>>()
      .notNull()
      .default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [
    uniqueIndex('tags_customer_name_key').on(table.customerId, table.name),
    index('tags_customer_type_idx').on(table.customerId, table.type),
  ],
);
export type TagRow = typeof tags.$inferSelect;
