import { boolean, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';

export const products = pgTable('products', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  unit: text('unit', { enum: ['hours', 'server', 'node'] }).notNull(),
  subscription: boolean('subscription').notNull(),
  active: boolean('active').notNull().default(true),
  level: integer('level'),
  location: text('location', { enum: ['remote', 'onsite'] }),
  priceEur: numeric('price_eur', { precision: 10, scale: 2, mode: 'number' }).notNull(),
});
export type ProductRow = typeof products.$inferSelect;
